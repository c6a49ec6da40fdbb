import type { UiKey } from './ui.en-gb.js';

/** French interface texts: one for every key of the English interface catalogue. */
export const uiFr: Record<UiKey, string> = {
  'app.name': 'Nestbox',
  'app.tagline': 'Vos boîtes, vos notes et vos projets, réunis dans un endroit serein.',
  'app.home': 'Accueil de Nestbox',
  'common.loading': 'Chargement…',
  'common.language': 'Langue',
  'common.close': 'Fermer',
  'app.loadingAccount': 'Ouverture de votre Nestbox…',

  'crash.title': 'Oups, un problème est survenu :(',
  'crash.body': 'Notre équipe a été informée du problème. Veuillez réessayer plus tard.',
  'crash.reload': 'Recharger la page',
  'notFound.title': 'Erreur 404',
  'notFound.home': "Revenir à la page d'accueil",
  'serverError.title': 'Erreur 500',
  'serverError.retry': 'Réessayer',

  'header.navigation': 'Navigation principale',
  'header.workspace': 'Espace de travail',
  'header.organiser': 'Organiseur',
  'header.reminders': 'Rappels',
  'header.toggleLayout': 'Changer la disposition',
  'header.settings': "Paramètres de l'application",
  'header.logout': 'Se déconnecter',

  'reminders.title': 'Rappels',
  'reminders.empty': "Vous n'avez encore aucun rappel.",
  'reminders.emptyDetail': "Lorsqu'un rappel que vous avez programmé arrivera à échéance, il apparaîtra ici.",

  'settings.title': "Paramètres de l'application",
  'settings.tab.profile': 'Profil',
  'settings.tab.integrations': 'Intégrations',
  'settings.tab.customizations': 'Personnalisation',
  'settings.tooltips.label': 'Activer les info-bulles',
  'settings.tooltips.description': 'Affiche un court libellé lorsque vous pointez un bouton.',
  'settings.profile.title': 'Vos informations',
  'settings.profile.location': 'Localisation',
  'settings.profile.occupation': 'Profession',
  'settings.profile.save': 'Enregistrer le profil',
  'settings.profile.reloadNotice':
    "Nestbox se recharge après l'enregistrement, pour que chaque écran tienne compte du changement.",
  'settings.password.title': 'Changer de mot de passe',
  'settings.password.intro': 'Vous restez connecté ici ; vos autres appareils seront déconnectés.',
  'settings.password.current': 'Mot de passe actuel',
  'settings.password.submit': 'Changer le mot de passe',

  'form.name': 'Nom',
  'form.email': 'Adresse e-mail',
  'form.password': 'Mot de passe',
  'form.newPassword': 'Nouveau mot de passe',
  'form.password.toggle': 'Afficher ou masquer le mot de passe',
  'form.timezone': 'Fuseau horaire',
  'form.timezone.search': 'Recherchez votre fuseau horaire',
  'form.timezone.nothingFound': 'Aucun fuseau horaire correspondant',
  'form.language': 'Langue',
  'form.passwordHint': 'Au moins {{min}} caractères.',
  'auth.backToLogin': 'Retour à la connexion',
  'auth.goToLogin': 'Aller à la connexion',

  'login.title': 'Connexion à Nestbox',
  'login.subtitle': 'Bon retour parmi nous.',
  'login.rememberMe': 'Se souvenir de moi',
  'login.forgotLink': 'Mot de passe oublié ?',
  'login.submit': 'Se connecter',
  'login.noAccount': 'Nouveau sur Nestbox ?',
  'login.signupLink': 'Créer un nouveau compte',
  'login.resendLink': "Renvoyer l'e-mail d'activation",

  'signup.title': 'Créez votre compte',
  'signup.subtitle': "Cela ne prend qu'une minute.",
  'signup.submit': 'Créer un nouveau compte',
  'signup.haveAccount': 'Vous avez déjà un compte ? Connectez-vous',

  'forgot.title': 'Mot de passe oublié ?',
  'forgot.intro':
    'Saisissez votre adresse e-mail et nous vous enverrons un lien pour réinitialiser votre mot de passe.',
  'forgot.submit': "Envoyer l'e-mail de rappel",

  'reset.title': 'Choisissez un nouveau mot de passe',
  'reset.checking': 'Vérification de votre lien de réinitialisation…',
  'reset.submit': 'Confirmer',
  'reset.requestNew': 'Demander un nouveau lien',

  'captcha.loadFailed':
    "La vérification indiquant que vous n'êtes pas un robot n'a pas pu être chargée. Vérifiez votre connexion et rechargez la page.",
  'captcha.widget.ariaLinkLabel': 'ALTCHA (site officiel)',
  'captcha.widget.cancel': 'Annuler',
  'captcha.widget.enterCode': 'Saisissez le code',
  'captcha.widget.enterCodeAria': 'Saisissez le code que vous entendez. Appuyez sur Espace pour écouter.',
  'captcha.widget.enterCodeFromImage': "Pour continuer, saisissez le code affiché dans l'image ci-dessous.",
  'captcha.widget.error': 'La vérification a échoué. Veuillez réessayer.',
  'captcha.widget.expired': 'La vérification a expiré. Veuillez cocher la case à nouveau.',
  'captcha.widget.footer': 'Protégé par ALTCHA',
  'captcha.widget.getAudioChallenge': 'Écouter le code à la place',
  'captcha.widget.label': 'Je ne suis pas un robot',
  'captcha.widget.loading': 'Chargement…',
  'captcha.widget.reload': 'Réessayer',
  'captcha.widget.verify': 'Vérifier',
  'captcha.widget.verificationRequired': "Veuillez d'abord effectuer la vérification.",
  'captcha.widget.verified': 'Vérifié',
  'captcha.widget.verifying': 'Vérification…',
  'captcha.widget.waitAlert': 'Vérification… veuillez patienter.',

  'activate.title': 'Activation du compte',
  'activate.pending': 'Activation de votre compte…',
  'activate.resend': "Renvoyer le lien d'activation",

  'resend.title': "Renvoyer votre lien d'activation",
  'resend.intro':
    "Saisissez l'adresse e-mail utilisée lors de votre inscription et nous vous enverrons un nouveau lien d'activation.",
  'resend.submit': "Renvoyer le lien d'activation",

  'logout.pending': 'Déconnexion…',

  'workspace.title': 'Espace de travail',
  'workspace.emptyDetail': "Les boîtes que vous ouvrez s'affichent ici sous forme de volets, côte à côte.",

  'organiser.title': 'Organiseur',
  'organiser.prioritized': 'Prioritaires',
  'organiser.unprioritized': 'Non prioritaires',
  'organiser.prioritized.empty': "Aucun élément n'est encore prioritaire.",
  'organiser.prioritized.emptyDetail':
    "Donnez une priorité à un élément : il apparaîtra ici, regroupé sous Aujourd'hui, par date ou Sans date.",
  'organiser.unprioritized.empty': "Aucun élément n'attend de priorité.",
  'organiser.unprioritized.emptyDetail':
    "Les éléments que vous rendez priorisables attendent ici jusqu'à ce que vous leur donniez une priorité.",
};
