/**
 * Messages the server sends and the web app shows: errors, validation and success texts
 * (SPEC §5, §8). Keys are the stable error codes of API.md. The French catalogue must
 * translate every key (the type checker enforces it).
 */
export const messagesEnGb = {
  // Generic (SPEC §8)
  'error.generic': 'A problem occurred trying to perform this action.',
  'error.server': 'An unexpected error occurred. Please try again in a few moments.',
  'error.busy': 'Nestbox is busy and could not finish this in time. Please try again in a few moments.',
  'items.tree.corrupt': 'This box cannot be changed: its place in the tree of boxes is broken.',
  'error.validation': 'Some of the information entered is not valid.',
  'error.malformedJson': 'The request could not be read: its body is not valid JSON.',
  'error.unsupportedMediaType': 'The request must be sent as JSON.',
  'error.payloadTooLarge': 'The request is too large.',
  'error.jsonTooDeep': 'The request could not be read: its body is nested too deeply.',
  'error.unauthorized': 'Your session has ended. Please log in again.',
  'error.forbidden': 'You do not have permission to do this.',
  'error.notFound': 'This could not be found.',
  'error.notFound.route': 'There is nothing at this address of the API.',
  'error.notFound.page': "Oops, we couldn't find a page at this address.",
  'error.conflict': 'This conflicts with something that already exists.',
  'error.gone': 'This link has expired.',
  'error.rateLimited': 'Too many attempts. Please wait a moment and try again.',
  'error.requestCanceled': 'Request canceled',
  'error.timeout': 'The server took too long to answer. Please try again.',
  'error.network': 'Nestbox could not reach the server. Check your connection and try again.',

  // Validation (SPEC §5)
  'validation.required': 'This field cannot be empty.',
  'validation.invalidValue': 'This value is not valid.',
  'validation.date.range': 'Choose a date between 1 January 1970 and 31 December 9999.',
  'validation.title.tooLong': 'A title can have at most 2,000 characters.',
  'validation.note.tooLong': 'A note can have at most 20,000 characters.',
  'validation.tag.required': 'Enter a tag name.',
  'validation.tag.tooLong': 'A tag can have at most 50 characters.',
  'validation.tag.invalid':
    'A tag is one word of letters, digits, underscores or hyphens, with at least one letter.',
  'tags.rename.titleTooLong': 'Renaming this tag would make a text longer than 2,000 characters.',
  'validation.password.min': 'Your password must be at least 8 characters in length.',
  'validation.signup.password.min': 'Password must have at least 8 characters.',
  'validation.name.required': 'Enter your name.',
  'validation.signup.name.required': 'Please provide your name.',
  'validation.email.invalid': 'Enter a valid email address.',
  'validation.profile.email.invalid': 'Invalid email address format.',
  'validation.email.taken': 'This email address is already in use.',
  'validation.login.password.required': 'Please provide your password.',
  'validation.login.email.required': 'Please provide your email address.',
  'validation.timezone.required': 'Select a timezone.',
  'validation.reset.password.required': 'You must enter a new password.',
  'validation.box.title.required': 'Enter a Box title.',
  'validation.box.title.reservedFavourites':
    "You cannot create a Box called 'Favourites' as this name is reserved.",
  'validation.box.title.tooLong': 'A Box title can have at most 200 characters.',
  'items.move.intoItself': 'A box cannot be moved into itself or into one of the boxes inside it.',
  'items.move.acrossShares':
    'Only an owner of this item can move it to a box seen by other people, or out of a shared box.',
  'items.move.rootBox': 'Your Workspace cannot be moved, archived or renamed.',
  'items.id.taken': 'This id belongs to another item.',
  'items.parent.notBox': 'Items can only be placed inside a box.',
  'items.parent.archived': 'This box is archived: nothing can be added to it.',
  'items.prioritizable.textOnly': 'Only text items can be prioritised.',
  'items.setting.boxOnly': 'Only boxes have this setting.',
  'validation.box.selectToOpen': 'Select a Box to open.',
  'pane.item.box.save.failure.reserved.name':
    "You cannot create a Box called 'Workspace' as this name is reserved.",

  // Activation (SPEC §8)
  'activation.invalid': 'This activation link is not valid.',
  'activation.expired': 'This activation link has expired.',
  'activation.required': 'This account requires activating.',
  'activation.requiredDetail':
    'Your account requires activating. You should have received an email containing a link to activate this account.',
  'activation.resendFailed': 'There was a problem trying to re-send the activation link.',
  'activation.success': 'Your account has been activated.',
  'activation.resent': 'A new activation link has been sent to your email address.',
  'signup.success': 'To activate your account, please check your email.',

  // Forgotten password and reset
  'forgot.notFound': 'An account with this email address could not be found.',
  'forgot.sent': 'Password reset details have been sent to your email address.',
  'login.failed': 'We could not find an account with these credentials.',
  'reset.invalid': 'This password reset link is not valid.',
  'reset.failed': 'Your password could not be reset.',
  'reset.captchaTimeout': 'Connection error - please try submitting your password again.',
  'reset.success': 'Your password has been reset.',

  // Boxes
  'boxes.loadFailed': 'Your Boxes could not be retrieved.',
  'boxes.saveFailed': 'A technical issue occurred whilst trying to save your Box.',
  'boxes.itemsLoadFailed': 'The items for this Box could not be retrieved.',
  'boxes.addFailed': 'The item you selected could not be added.',
  'boxes.removeFailed': 'This box could not be removed from your workspace.',
  'boxes.titleSaveFailed': 'Changes to the box title could not be saved.',
  'boxes.detailsSaveFailed': 'Box details could not be saved.',
  'boxes.textSaveFailed': 'Text details could not be saved.',
  'boxes.searchPaneCloseFailed': 'This search pane could not be closed.',

  // Profile
  'profile.saved': 'Your profile has been saved',
  'profile.saveFailed': 'There was a problem saving your profile. Please try again later.',
  'profile.languageFailed': 'There was a problem switching languages.',
  'info.saved': 'Information saved successfully.',

  // Sharing
  'share.level.owner': 'Owner',
  'share.level.editor': 'Editor',
  'share.level.readonly': 'Readonly',
  'share.lastOwner': 'An item always keeps at least one owner.',
  'share.alreadyShared': 'This item is already shared with this person.',
  'share.notShared': 'This item is not shared with this person.',
  'share.self': 'You cannot share an item with yourself: you can already see it.',
  'share.rootBox': 'A Workspace cannot be shared, and who sees it cannot be changed.',

  // Undo
  'undo.changedSince': "This can't be undone: it has been changed since.",
  'undo.gone': 'This can no longer be undone.',

  // Recurring items
  'validation.recurrence.invalid': 'This repeat rule is not valid.',
  'validation.recurrence.unsupported':
    'Items can repeat every day at most often, at the time of their target date.',
  'validation.recurrence.tooLong': 'A repeat rule can have at most 200 characters.',
  'items.recurrence.textOnly': 'Only text items can repeat.',
  // Reminders
  'validation.reminder.numberOf': 'Enter a whole number from 1 to 999, without a leading zero.',
  'validation.reminder.unit': 'Choose minutes, hours, days, weeks or years.',
  'validation.reminder.beforeAfterOn': 'Choose before, after or on the target date.',
  'reminder.itemUnavailable': 'An item you no longer have access to',
  'reminder.mention.info': '{{name}} mentioned you',
  'reminder.mention.someone': 'Someone',
  'reminder.info.before': '{{amount}} before the target date',
  'reminder.info.after': '{{amount}} after the target date',
  'reminder.amount.minutes_one': '{{count}} minute',
  'reminder.amount.minutes_other': '{{count}} minutes',
  'reminder.amount.hours_one': '{{count}} hour',
  'reminder.amount.hours_other': '{{count}} hours',
  'reminder.amount.days_one': '{{count}} day',
  'reminder.amount.days_other': '{{count}} days',
  'reminder.amount.weeks_one': '{{count}} week',
  'reminder.amount.weeks_other': '{{count}} weeks',
  'reminder.amount.years_one': '{{count}} year',
  'reminder.amount.years_other': '{{count}} years',
  'reminder.every.minutes_one': 'every minute',
  'reminder.every.minutes_other': 'every {{count}} minutes',
  'reminder.every.hours_one': 'every hour',
  'reminder.every.hours_other': 'every {{count}} hours',
  'reminder.every.days_one': 'every day',
  'reminder.every.days_other': 'every {{count}} days',
  'reminder.every.weeks_one': 'every week',
  'reminder.every.weeks_other': 'every {{count}} weeks',
  'reminder.every.years_one': 'every year',
  'reminder.every.years_other': 'every {{count}} years',
  'reminder.info.on': 'On the target date',
  'reminder.info.repeat': 'On the target date, then {{every}}',
  'mail.reminder.subject': 'Reminder: {{title}}',
  'mail.reminder.body': 'Your reminder for "{{title}}" is due ({{date}}).',
  'mail.reminder.action': 'Open Nestbox',
  'mail.reminder.footer': 'You receive these e-mails because reminder e-mails are on in your settings.',
  'mail.mention.subject': '{{name}} mentioned you on "{{title}}"',
  'mail.mention.body': '{{name}} mentioned you in a comment on "{{title}}":',
  'mail.mention.action': 'Open the item',

  // Accounts, captcha and e-mails
  'validation.password.max': 'Your password must be at most 200 characters in length.',
  'validation.password.common': 'This password is too common and easy to guess. Please choose another.',
  'validation.timezone.invalid': 'Select a timezone from the list.',
  'validation.currentPassword.wrong': 'Your current password is not correct.',
  'activation.alreadyActive': 'This account is already activated. You can log in.',
  'reset.expired': 'This password reset link has expired.',
  'captcha.failed': 'Please complete the check that you are not a robot.',
  'password.changed': 'Your password has been changed.',
  'mail.greeting': 'Hello {{name}},',
  'mail.signoff': 'The Nestbox team',
  'mail.actionLine': '{{action}}: {{link}}',
  'mail.linkFallback': 'If the button does not work, copy this address into your browser:',
  'mail.activation.subject': 'Activate your Nestbox account',
  'mail.activation.body': 'Welcome to Nestbox! Please confirm your email address to activate your account.',
  'mail.activation.action': 'Activate my account',
  'mail.activation.expiry':
    'This link expires in 24 hours. If you did not sign up for Nestbox, you can ignore this email.',
  'mail.reset.subject': 'Reset your Nestbox password',
  'mail.reset.body': 'We received a request to reset the password of your Nestbox account.',
  'mail.reset.action': 'Choose a new password',
  'mail.reset.expiry':
    'This link expires in 1 hour and works once. If you did not ask for it, ignore this email: your password stays the same.',
  // Slack and admin tools
  'slack.notConfigured':
    'Slack is not enabled on this Nestbox. An administrator must set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET.',
  'slack.signature.invalid': 'This request is not signed by Slack.',
  'admin.reseed.disabled':
    'Re-seeding is turned off on this server. An administrator must set NESTBOX_ALLOW_RESEED=1 to allow it.',
  'admin.reseed.done.base': 'The database has been re-seeded with the base data.',
  'admin.reseed.done.full': 'The database has been re-seeded with the full demo data.',
  // Account security: e-mail change, weak passwords, logout
  'validation.password.weak':
    'This password is too easy to guess: it cannot be only spaces or a few characters repeated.',
  'validation.currentPassword.required': 'Enter your current password to change your email address.',
  'profile.emailChangePending':
    'Your profile has been saved. To change your email address, open the link we sent to {{email}}.',
  'emailChange.invalid': 'This email confirmation link is not valid.',
  'emailChange.expired': 'This email confirmation link has expired.',
  'emailChange.success': 'Your email address has been changed.',
  'mail.emailChange.subject': 'Confirm your new Nestbox email address',
  'mail.emailChange.body':
    'You asked to use {{email}} for your Nestbox account. Confirm it to make the change.',
  'mail.emailChange.action': 'Confirm my new address',
  'mail.emailChange.expiry':
    'This link expires in 24 hours and works once. Until then your account keeps its current address.',
  'mail.emailChangeNotice.subject': 'Your Nestbox email address is being changed',
  'mail.emailChangeNotice.body':
    'Someone signed in to your Nestbox account asked to change its email address to {{email}}. The change happens only once the link sent to that address is opened.',
  'mail.emailChangeNotice.action': 'Reset my password',
  'mail.emailChangeNotice.note':
    'If this was not you, reset your password now: every session of your account then ends, and the pending change with it.',
  // Quick capture: the Inbox box, named in the user's language when it is made
  'inbox.title': 'Inbox',
  // data: export
  'export.format.invalid': 'Choose an export format: json, opml or csv.',
  'export.opml.title': 'Nestbox export',

  // data: import
  'import.problem': '{{where}}: {{problem}}',
  'import.where.line': 'Line {{line}}',
  'import.where.element': 'Outline {{element}}',
  'import.where.path': 'At {{path}}',
  'import.where.file': 'The file',
  'import.imported': 'Imported {{date}}',
  'import.idempotencyKey.invalid': 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  'import.idempotencyKey.reused':
    'This Idempotency-Key was used for another import. Send each new import with a key of its own.',
  'import.file.empty': 'the file is empty.',
  'import.file.notUtf8': 'the file is not UTF-8 text.',
  'import.file.nothing': 'the file holds nothing to import.',
  'import.file.tooManyItems': 'the file holds more than {{max}} items; split it into smaller files.',
  'import.file.valueTooLong':
    'a value here runs over {{max}} characters, longer than any item can hold; nothing was read further.',
  'import.file.tooHard':
    'the file could not be read within the time and memory an import may take; split it into smaller files.',
  'import.file.tooDeep': 'boxes are nested more than {{max}} levels deep here.',
  'import.title.nul': 'a title cannot hold the NUL character (U+0000).',
  'import.title.textTooLong': 'a text can have at most {{max}} characters.',
  'import.note.tooLong': 'a note can have at most {{max}} characters.',
  'import.note.nul': 'a note cannot hold the NUL character (U+0000).',
  'import.json.malformed': 'the file is not valid JSON.',
  'import.zip.invalid':
    'this zip is not a Nestbox export: it needs a nestbox.json of at most {{max}} MB, as the ZIP export writes it.',
  'import.zip.tooManyFiles': 'this zip holds more than {{max}} files, more than a Nestbox export ever does.',
  'import.attachments.missing':
    '{{count}} attached files are listed but not in this file, and were left out (the ZIP export carries them).',
  'import.attachments.unreadable':
    '{{count}} attached files could not be read from the zip, which is damaged there, and were left out.',
  'import.attachments.overQuota':
    '{{count}} attached files did not fit in your attachment limits, and were left out.',
  'import.json.tooDeep': 'the file is nested too deeply to be a Nestbox export.',
  'import.json.notNestbox': 'this is not a Nestbox export (it has no "format": "nestbox").',
  'import.json.version':
    'this Nestbox export is of version {{version}}; this Nestbox reads versions 1 to {{supported}}.',
  'import.date.range': 'this date is not between 1 January 1970 and 31 December 9999.',
  'import.targetDate.range':
    'this date is not between 1 January 1970 and 31 December 9999; the item is kept without it.',
  'import.json.invalid': 'this value is not what a Nestbox export holds.',
  'import.json.unknownField': 'a Nestbox export has no field “{{field}}”.',
  'import.json.missing': 'this value is missing.',
  'import.json.boxNotPrioritizable':
    'a box cannot be in the Organiser; it is imported without its place there.',
  'import.xml.malformed': 'the file is not well-formed XML (column {{column}}).',
  'import.xml.doctype': 'the file declares a DTD (<!DOCTYPE …>), which an import never reads.',
  'import.xml.tooDeep': 'the file is nested too deeply.',
  'import.opml.noBody': 'this is not an OPML outline: it has no <body> holding <outline> elements.',
  'import.opml.targetDate': 'the date “{{date}}” could not be read; the item is kept without it.',
  'import.csv.malformed': 'this line could not be read as CSV: check its quotes and commas.',
  'import.csv.columns':
    'this is not a Todoist CSV file: its first line must name the columns TYPE and CONTENT.',
  'import.csv.type': 'the TYPE “{{type}}” is not task, section, note or meta.',
  'import.csv.indent': 'INDENT must be a whole number from 1 to 5, not “{{indent}}”.',
  'import.csv.priority': 'PRIORITY must be 1, 2, 3 or 4, not “{{priority}}”.',
  'import.csv.date': 'the date “{{date}}” could not be read; the task is kept without it.',
  'import.csv.rankOnBox':
    'this task has subtasks, so it becomes a box, and only texts rank in the Organiser: its priority is left out.',
  'import.csv.noteAlone': 'a note with no task above it is imported as a text.',
  'import.note.duration': 'Duration: {{duration}}',
  'import.note.deadline': 'Deadline: {{date}}',

  // data: calendar feed
  'calendar.name': 'Nestbox',
  'calendar.description': 'Your dated items in Nestbox.',
  'calendar.workspace': 'Workspace',
  'calendar.sharedWithYou': 'Shared with you',
  'calendar.untitledBox': 'No title',
  'calendar.untitledText': 'Text',
  'calendar.reminder': 'Reminder: {{title}}',

  // data: API tokens
  'audit.cursor.invalid': 'This page of events cannot be found: start again from the newest.',
  'history.cursor.invalid': 'This page of the history cannot be found: start again from the newest.',
  'audit.userId.invalid': 'The user must be given by their id.',
  'push.endpoint.invalid': 'This is not the address of a push service Nestbox can notify.',
  'push.tooManyDevices':
    'Nestbox notifies at most 20 devices per account: turn notifications off on one you no longer use.',
  'push.keys.invalid': 'The browser sent no valid keys for its notifications.',
  'push.reminder.body': 'Reminder: due {{date}}',
  'push.mention.body': '{{name}} mentioned you: {{excerpt}}',
  'push.test.title': 'Nestbox notifications are on',
  'push.test.body': 'This device will show your reminders as they fire.',
  'tokens.name.required': 'Give the token a name.',
  'tokens.name.tooLong': 'A token name can have at most 100 characters.',
  'tokens.scope.invalid': 'Choose whether the token may only read, or read and write.',
  'tokens.invalid':
    'This API token does not work: it was revoked, a password change ended it, or it never existed. Make a new one in Application Settings → Data → API tokens.',
  'tokens.readOnly': 'This API token may only read: it cannot change anything.',
  'tokens.notForAccount':
    'API tokens cannot change the account, its sessions or its tokens. Sign in to Nestbox to do this.',

  // accounts: two-factor codes
  'validation.secondFactor.code.required': 'Enter the six-digit code from your app, or a recovery code.',
  'validation.secondFactor.code.invalid': 'This is neither a code from your app nor a recovery code.',
  'validation.secondFactor.proof.required': 'Enter your current password or a code.',
  'twoFactor.code.wrong':
    'This code is not right. Check that your phone shows the right time, or use a recovery code.',
  'twoFactor.code.used': 'This code has been used already. Wait for the next one from your app.',
  'login.secondFactor.expired':
    'This sign-in has expired or was already completed. Sign in again with your password.',
  'login.secondFactor.locked': 'Too many wrong codes for this sign-in. Sign in again with your password.',
  'reset.secondFactor.locked': 'Too many wrong codes for this link. Wait 15 minutes, then try again.',
  'twoFactor.alreadyOn': 'Two-factor codes are already on.',
  'twoFactor.notOn': 'Two-factor codes are not on.',
  'twoFactor.setupFirst': 'Start again: ask for a new QR code, then enter a code from your app.',
  'twoFactor.disabled': 'Two-factor codes are off.',
  'twoFactor.resetOwn':
    'Turn your own two-factor codes off in Settings → Security, with a code or your password.',

  // data: CalDAV
  'caldav.auth.required':
    'Sign in with your e-mail address and an app password (an API token that may write, made in Application Settings → Data → API tokens).',
  'caldav.auth.invalid':
    'The e-mail address or the app password is wrong, or the password was revoked or ended by a password change.',
  'caldav.xml.invalid': 'The request body is not well-formed XML.',
  'caldav.depth.infinite': 'Depth: infinity is not answered here; ask with Depth: 0 or 1.',
  'caldav.notFound': 'Nothing is at this address, or it is not yours to see.',
  'caldav.readOnly': 'This list is shared with you read-only: its tasks cannot be changed from here.',
  'caldav.method.notAllowed': 'This address does not take that request.',
  'caldav.calendarData.unsupported': 'Only iCalendar (text/calendar) tasks can be stored here.',
  'caldav.calendarData.invalid': 'This is not valid iCalendar text: {{reason}}',
  'caldav.component.unsupported':
    'Only tasks (VTODO) can be stored in a Nestbox list, not events or journal entries.',
  'caldav.object.invalid': 'This task cannot be stored: {{reason}}',
  'caldav.object.oneTask': 'a resource holds exactly one task, with a UID',
  'caldav.object.overrides': 'occurrences changed on their own (RECURRENCE-ID) are not kept',
  'caldav.object.titleTooLong': 'its SUMMARY is longer than {{max}} characters',
  'caldav.object.noteTooLong': 'its DESCRIPTION is longer than {{max}} characters',
  'caldav.object.rule': 'its RRULE cannot be used: {{reason}}',
  'caldav.object.date': 'its DUE date is out of range',
  'caldav.uid.conflict': 'Another task already has this UID.',
  'caldav.tooLarge': 'A task can be at most 1 MB.',
  'caldav.precondition.failed':
    'This task changed since your app last read it: sync again, then make your change.',
  'caldav.syncToken.invalid': 'This sync token is not one Nestbox gave: sync again from the start.',
  'caldav.move.destination': 'Move a task to a list of yours, under the same account.',
  'caldav.mkcalendar.location':
    'A new list needs a lowercase UUID as its name, directly in your calendar home.',
  'caldav.mkcalendar.exists': 'Something already has this address.',
  'caldav.mkcalendar.untitled': 'New list',
  // Single sign-on (OpenID Connect)
  'oidc.notConfigured':
    'Single sign-on is not set up on this server. An administrator must set NESTBOX_OIDC_ISSUER, NESTBOX_OIDC_CLIENT_ID and NESTBOX_OIDC_CLIENT_SECRET.',
  'oidc.unavailable': 'The sign-in provider cannot be reached right now. Please try again in a few minutes.',
  'oidc.session.missing': 'This sign-in has expired or was already used. Please sign in again.',
  'oidc.link.missing':
    'This request to link your sign-in has expired. Please sign in with your provider again.',
  'oidc.link.wrongPassword':
    'This is not the password of this Nestbox account. Try again, or choose a new one with “Forgotten your password?”.',
  'oidc.link.linkedElsewhere': 'This sign-in is already linked to another Nestbox account.',
  'oidc.link.alreadyLinked':
    'This Nestbox account is already linked to another identity at your provider. Unlink it in Application Settings → Security first.',
  'oidc.unlink.noPassword':
    'Your account has no password of its own yet, so unlinking would leave you no way to sign in. Set a password with “Forgotten your password?” on the login page first.',
  // Passkeys (WebAuthn)
  'passkeys.failed': 'This passkey could not be checked. Try again, or sign in another way.',
  'passkeys.unknown':
    'This passkey is not known to Nestbox: it may have been removed. Sign in another way, then add it again in Application Settings → Security.',
  'passkeys.expired': 'This passkey request has expired. Please try again.',
  'passkeys.none': 'This account has no passkey. Enter a code from your app instead.',
  'passkeys.exists': 'This passkey is already added to your account.',
  'passkeys.tooMany': 'You have added as many passkeys as an account may keep (20). Remove one first.',
  'passkeys.lastWay':
    'This passkey is your only way to sign in. Set a password (“Forgotten your password?” on the login page) or add another passkey first.',
  'passkeys.unsupported':
    'Passkeys need the address of this server to be a domain name (not an IP address), served over HTTPS or from localhost.',
  'passkeys.defaultName': 'Passkey {{n}}',
  'passkeys.removed': 'The passkey is removed.',
  'validation.passkeyName.required': 'Give the passkey a name.',
  'validation.passkeyName.tooLong': 'Use at most 100 characters.',
  // Comments
  'comments.notFound': 'This comment no longer exists.',
  'comments.notYours':
    'Only its author can edit a comment; its author or an owner of the item can delete it.',
  'comments.tooMany': 'This item has as many comments as it may hold (500). Delete some first.',
  'comments.required': 'Write something first.',
  'comments.tooLong': 'A comment can have at most 5,000 characters.',
  'comments.mentionUnseen':
    'Someone you mentioned cannot see this item. Share it with them first, or take the mention out.',
  'comments.tooManyMentions': 'A comment can mention at most 20 people.',
  // Attachments
  'attachments.notFound': 'This attachment no longer exists.',
  'attachments.notYours': 'Only whoever attached a file, or an owner of the item, can delete it.',
  'attachments.tooLarge': 'This file is larger than the server accepts for one attachment.',
  'attachments.quotaFull':
    'This file does not fit in the space left for your attachments. Delete some attachments first.',
  'attachments.emptyFile': 'This file is empty.',
  'attachments.noFile': 'Choose a file to attach.',
} as const;

/** Every message key. */
export type MessageKey = keyof typeof messagesEnGb;

/**
 * The key of a message with plural forms (`…_one`, `…_other`), as it is asked for: with a
 * `count`, from which i18next picks the form the language needs.
 */
export type PluralMessageKey = MessageKey extends infer K
  ? K extends `${infer Base}_one`
    ? Base
    : never
  : never;

/** Is this string a key of the message catalogue? */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messagesEnGb, key);
}
