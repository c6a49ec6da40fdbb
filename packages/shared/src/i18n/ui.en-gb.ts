/**
 * Texts of the web app's own interface: labels, buttons, headings, tooltips and empty
 * states. Server messages (errors, validation, successes) live in `messages.en-gb.ts`;
 * the two catalogues are merged by the web app and must never share a key. Keys are flat
 * (dots are part of the key). The French catalogue must translate every key.
 */
export const uiEnGb = {
  // Product
  'app.name': 'Nestbox',
  'app.tagline': 'Your boxes, notes and plans in one calm place.',
  'app.home': 'Nestbox home',
  'common.loading': 'Loading…',
  'common.language': 'Language',
  'common.close': 'Close',
  'app.loadingAccount': 'Opening your Nestbox…',

  // Global error screens (SPEC §2, §8)
  'crash.title': 'Oops, something went wrong :(',
  'crash.body': 'Our team has been told about the problem. Please try again later.',
  'crash.reload': 'Reload the page',
  'notFound.title': 'Error 404',
  'notFound.home': 'Go to the home page',
  'serverError.title': 'Error 500',
  'serverError.retry': 'Try again',

  // Header (SPEC §2)
  'header.navigation': 'Main navigation',
  'header.workspace': 'Workspace',
  'header.organiser': 'Organiser',
  'header.reminders': 'Reminders',
  'header.toggleLayout': 'Toggle Layout',
  'header.settings': 'Application Settings',
  'header.logout': 'Logout',

  // Reminders modal
  'reminders.title': 'Reminders',
  'reminders.empty': 'You have no reminders yet.',
  'reminders.emptyDetail': 'When a reminder you have set falls due, it will appear here.',

  // Application settings modal
  'settings.title': 'Application Settings',
  'settings.tab.profile': 'Profile',
  'settings.tab.integrations': 'Integrations',
  'settings.tab.customizations': 'Customizations',
  'settings.tooltips.label': 'Enable tooltips',
  'settings.tooltips.description': 'Show a short label when you point at a button.',
  'settings.profile.title': 'Your details',
  'settings.profile.location': 'Location',
  'settings.profile.occupation': 'Occupation',
  'settings.profile.save': 'Save profile',
  'settings.profile.reloadNotice': 'Nestbox reloads after saving, so that every screen uses the change.',
  'settings.password.title': 'Change password',
  'settings.password.intro': 'You stay logged in here; your other devices will be logged out.',
  'settings.password.current': 'Current password',
  'settings.password.submit': 'Change password',

  // Shared form fields and links
  'form.name': 'Name',
  'form.email': 'Email address',
  'form.password': 'Password',
  'form.newPassword': 'New password',
  'form.password.toggle': 'Show or hide the password',
  'form.timezone': 'Timezone',
  'form.timezone.search': 'Search for your timezone',
  'form.timezone.nothingFound': 'No matching timezone',
  'form.language': 'Language',
  'form.passwordHint': 'At least {{min}} characters.',
  'auth.backToLogin': 'Back to log in',
  'auth.goToLogin': 'Go to log in',

  // Login
  'login.title': 'Log in to Nestbox',
  'login.subtitle': 'Welcome back.',
  'login.rememberMe': 'Remember me',
  'login.forgotLink': 'Forgotten your password?',
  'login.submit': 'Log In',
  'login.noAccount': 'New to Nestbox?',
  'login.signupLink': 'Create New Account',
  'login.resendLink': 'Re-send the activation email',

  // Sign-up
  'signup.title': 'Create your account',
  'signup.subtitle': 'It only takes a minute.',
  'signup.submit': 'Create New Account',
  'signup.haveAccount': 'Already have an account? Log in',

  // Forgotten password
  'forgot.title': 'Forgotten your password?',
  'forgot.intro': 'Enter your email address and we will send you a link to reset your password.',
  'forgot.submit': 'Send Reminder Email',

  // Password reset
  'reset.title': 'Choose a new password',
  'reset.checking': 'Checking your reset link…',
  'reset.submit': 'Confirm',
  'reset.requestNew': 'Request a new reset link',

  // Bot check of the password reset: the ALTCHA widget's own texts, and a load failure
  'captcha.loadFailed':
    'The check that you are not a robot could not be loaded. Check your connection and reload the page.',
  'captcha.widget.ariaLinkLabel': 'ALTCHA (official website)',
  'captcha.widget.cancel': 'Cancel',
  'captcha.widget.enterCode': 'Enter the code',
  'captcha.widget.enterCodeAria': 'Enter the code you hear. Press Space to play the audio.',
  'captcha.widget.enterCodeFromImage': 'To continue, enter the code shown in the image below.',
  'captcha.widget.error': 'The check failed. Please try again.',
  'captcha.widget.expired': 'The check has expired. Please tick the box again.',
  'captcha.widget.footer': 'Protected by ALTCHA',
  'captcha.widget.getAudioChallenge': 'Listen to the code instead',
  'captcha.widget.label': "I'm not a robot",
  'captcha.widget.loading': 'Loading…',
  'captcha.widget.reload': 'Try again',
  'captcha.widget.verify': 'Verify',
  'captcha.widget.verificationRequired': 'Please complete the check first.',
  'captcha.widget.verified': 'Verified',
  'captcha.widget.verifying': 'Checking…',
  'captcha.widget.waitAlert': 'Checking… please wait.',

  // Account activation
  'activate.title': 'Account activation',
  'activate.pending': 'Activating your account…',
  'activate.resend': 'Re-send activation link',

  // Re-send activation link
  'resend.title': 'Re-send your activation link',
  'resend.intro': 'Enter the email address you signed up with and we will send you a new activation link.',
  'resend.submit': 'Re-send activation link',

  // Logout
  'logout.pending': 'Logging you out…',

  // Workspace (boxes page)
  'workspace.title': 'Workspace',
  'workspace.emptyDetail': 'Boxes you open appear here as panes, side by side.',
  'workspace.openRoot': 'Open your Workspace',
  'workspace.loading': 'Loading your Workspace…',
  'workspace.panes': 'Open boxes',
  'pane.rootTitle': 'Workspace',
  'pane.noTitle': 'No title',
  'pane.loading': 'Loading items…',
  'pane.empty': 'This box is empty',
  'pane.emptyDetail': 'Use the plus button to add a Box or a Text.',
  'pane.retry': 'Try again',
  'pane.editTitle': 'Edit the box title',
  'pane.titleLabel': 'Box title',
  'pane.insertItem': 'Insert item',
  'pane.settings': 'Box settings',
  'pane.close': 'Close pane',
  'pane.resize': 'Resize pane',
  'pane.items': 'Items in {{title}}',
  'chooser.title': 'Which item would you like to add?',
  'chooser.box': 'Box',
  'chooser.text': 'Text',
  'item.text.label': 'Text',
  'item.complete': 'Mark as done',
  'item.uncomplete': 'Mark as not done',
  'item.archive': 'Archive item',
  'item.open': 'Open {{title}} in a new pane',
  'item.readonly': 'Read only',
  'createBox.title': 'Create Box',
  'createBox.field': 'Box title',
  'createBox.placeholder': 'e.g. Groceries',
  'createBox.submit': 'Create Box',
  'common.cancel': 'Cancel',
  'boxSettings.showCompleted': 'Show completed items',
  'boxSettings.autoAdd': 'Automatically add new items to my Unprioritized list',
  'boxSettings.favourite': 'Favourite',
  'boxSettings.unfavourite': 'Remove from favourites',
  'boxSettings.archive': 'Archive box',
  'boxSettings.archiveConfirm': 'Archive this box? It closes and leaves your workspace.',
  'boxSettings.archiveConfirmButton': 'Yes, archive it',

  // Share section of the box settings (SPEC §2, §5, §6)
  'shareSection.title': 'Share',
  'shareSection.search': 'Share with',
  'shareSection.searchPlaceholder': 'Type at least 2 letters of a name',
  'shareSection.searching': 'Searching…',
  'shareSection.noResults': 'Nobody found with that name.',
  'shareSection.newLevel': 'Level',
  'shareSection.levelOf': 'Level of {{name}}',
  'shareSection.add': 'Add',
  'shareSection.remove': 'Remove {{name}}',
  'shareSection.list': 'People with access',
  'shareSection.empty': 'Not shared with anyone yet.',
  'shareSection.loading': 'Fetching the people this box is shared with…',
  'shareSection.loadFailed': 'The people this box is shared with could not be retrieved.',

  // Drag and drop, panes that fit and search panes (workspace, part B)
  'dnd.handle': 'Drag to move',
  'dnd.instructions':
    'Press the space bar to pick the item up. Use the arrow keys to move it, within its box or to a neighbouring pane, then the space bar again to drop it, or Escape to cancel.',
  'workspace.panesAfter': 'Panes further right: {{count}}',
  'workspace.panesBefore': 'Panes further left: {{count}}',
  'pane.search': 'Search',
  'searchPane.title': 'Search',
  'searchPane.term': 'Search titles',
  'searchPane.placeholder': 'Type a word…',
  'searchPane.scope': 'Search in',
  'searchPane.scope.favourites': 'Favourites',
  'searchPane.scope.workspace': 'Workspace',
  'searchPane.scope.search': 'Search',
  'searchPane.completed': 'Completed',
  'searchPane.archived': 'Archived',
  'searchPane.results': 'Search results',
  'searchPane.searching': 'Searching…',
  'searchPane.prompt': 'Type a word to find the items whose title contains it.',
  'searchPane.noResults': 'No items match this search.',
  'searchPane.noFavourites': 'No starred items yet. Star a box in its settings to find it here.',
  'searchPane.loadFailed': 'The search could not be run.',
  'searchPane.in': 'in {{title}}',
  'searchPane.close': 'Close search pane',

  // Organiser
  'organiser.title': 'Organiser',
  'organiser.prioritized': 'Prioritized',
  'organiser.unprioritized': 'Unprioritized',
  'organiser.prioritized.empty': 'Nothing is prioritized yet.',
  'organiser.prioritized.emptyDetail':
    'Give an item a priority and it appears here, grouped into Today, dated days and Undated.',
  'organiser.unprioritized.empty': 'Nothing is waiting for a priority.',
  'organiser.unprioritized.emptyDetail':
    'Items you mark as prioritizable wait here until you give them a priority.',
} as const;

/** Every key of the interface catalogue. */
export type UiKey = keyof typeof uiEnGb;
