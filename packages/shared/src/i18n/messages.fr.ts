import type { MessageKey } from './messages.en-gb.js';

/** French messages: one for every key of the English catalogue. */
export const messagesFr: Record<MessageKey, string> = {
  'error.generic': 'Un problème est survenu lors de cette action.',
  'error.server': 'Une erreur inattendue est survenue. Veuillez réessayer dans quelques instants.',
  'error.busy':
    'Nestbox est occupé et n’a pas pu terminer à temps. Veuillez réessayer dans quelques instants.',
  'items.tree.corrupt':
    'Cette boîte ne peut pas être modifiée : sa place dans l’arborescence des boîtes est rompue.',
  'error.validation': 'Certaines des informations saisies ne sont pas valides.',
  'error.malformedJson': 'La requête n’a pas pu être lue\u00a0: son contenu n’est pas du JSON valide.',
  'error.unsupportedMediaType': 'La requête doit être envoyée en JSON.',
  'error.payloadTooLarge': 'La requête est trop volumineuse.',
  'error.jsonTooDeep': 'La requête n’a pas pu être lue\u00a0: son contenu est imbriqué trop profondément.',
  'error.unauthorized': 'Votre session a pris fin. Veuillez vous reconnecter.',
  'error.forbidden': 'Vous n’avez pas la permission de faire cela.',
  'error.notFound': 'Élément introuvable.',
  'error.notFound.route': 'Il n’y a rien à cette adresse de l’API.',
  'error.notFound.page': 'Oups, nous n’avons trouvé aucune page à cette adresse.',
  'error.conflict': 'Cela entre en conflit avec un élément existant.',
  'error.gone': 'Ce lien a expiré.',
  'error.rateLimited': 'Trop de tentatives. Veuillez patienter un instant avant de réessayer.',
  'error.requestCanceled': 'Requête annulée',
  'error.timeout': 'Le serveur a mis trop de temps à répondre. Veuillez réessayer.',
  'error.network': 'Nestbox n’a pas pu joindre le serveur. Vérifiez votre connexion et réessayez.',

  'validation.required': 'Ce champ ne peut pas être vide.',
  'validation.invalidValue': 'Cette valeur n’est pas valide.',
  'validation.date.range': 'Choisissez une date entre le 1er janvier 1970 et le 31 décembre 9999.',
  'validation.title.tooLong': 'Un titre peut compter au plus 2 000 caractères.',
  'validation.note.tooLong': 'Une note peut compter au plus 20\u00a0000\u00a0caractères.',
  'validation.tag.required': 'Saisissez le nom de l’étiquette.',
  'validation.tag.tooLong': 'Une étiquette peut comporter au plus 50\u00a0caractères.',
  'validation.tag.invalid':
    'Une étiquette est un seul mot fait de lettres, de chiffres, de tirets bas ou de traits d’union, avec au moins une lettre.',
  'tags.rename.titleTooLong':
    'Renommer cette étiquette rendrait un texte plus long que 2\u00a0000\u00a0caractères.',
  'validation.password.min': 'Votre mot de passe doit comporter au moins 8 caractères.',
  'validation.signup.password.min': 'Le mot de passe doit comporter au moins 8 caractères.',
  'validation.name.required': 'Saisissez votre nom.',
  'validation.signup.name.required': 'Veuillez indiquer votre nom.',
  'validation.email.invalid': 'Saisissez une adresse e-mail valide.',
  'validation.profile.email.invalid': 'Format d’adresse e-mail non valide.',
  'validation.email.taken': 'Cette adresse e-mail est déjà utilisée.',
  'validation.login.password.required': 'Veuillez indiquer votre mot de passe.',
  'validation.login.email.required': 'Veuillez indiquer votre adresse e-mail.',
  'validation.timezone.required': 'Sélectionnez un fuseau horaire.',
  'validation.reset.password.required': 'Vous devez saisir un nouveau mot de passe.',
  'validation.box.title.required': 'Saisissez un titre de Boîte.',
  'validation.box.title.reservedFavourites':
    'Vous ne pouvez pas créer une Boîte nommée «\u00a0Favourites\u00a0»\u00a0: ce nom est réservé.',
  'validation.box.title.tooLong': 'Un titre de Boîte peut compter au plus 200 caractères.',
  'items.move.intoItself':
    'Une Boîte ne peut pas être déplacée dans elle-même ni dans l’une des Boîtes qu’elle contient.',
  'items.move.acrossShares':
    'Seul un propriétaire de cet élément peut le déplacer vers une boîte vue par d’autres personnes, ou hors d’une boîte partagée.',
  'items.move.rootBox': 'Votre espace de travail ne peut être ni déplacé, ni archivé, ni renommé.',
  'items.id.taken': 'Cet identifiant appartient déjà à un autre élément.',
  'items.parent.notBox': 'Les éléments ne peuvent être placés que dans une Boîte.',
  'items.parent.archived': 'Cette Boîte est archivée\u00a0: on ne peut plus rien y ajouter.',
  'items.prioritizable.textOnly': 'Seuls les éléments texte peuvent être priorisés.',
  'items.setting.boxOnly': 'Seules les Boîtes ont ce réglage.',
  'validation.box.selectToOpen': 'Sélectionnez une boîte à ouvrir.',
  'pane.item.box.save.failure.reserved.name':
    'Vous ne pouvez pas créer une Boîte nommée «\u00a0Workspace\u00a0»\u00a0: ce nom est réservé.',

  'activation.invalid': 'Ce lien d’activation n’est pas valide.',
  'activation.expired': 'Ce lien d’activation a expiré.',
  'activation.required': 'Ce compte doit être activé.',
  'activation.requiredDetail':
    'Votre compte doit être activé. Vous avez dû recevoir un e-mail contenant un lien pour activer ce compte.',
  'activation.resendFailed': 'Un problème est survenu lors du renvoi du lien d’activation.',
  'activation.success': 'Votre compte a été activé.',
  'activation.resent': 'Un nouveau lien d’activation a été envoyé à votre adresse e-mail.',
  'signup.success': 'Pour activer votre compte, veuillez consulter vos e-mails.',

  'forgot.notFound': 'Aucun compte n’a été trouvé avec cette adresse e-mail.',
  'forgot.sent': 'Les instructions de réinitialisation ont été envoyées à votre adresse e-mail.',
  'login.failed': 'Nous n’avons trouvé aucun compte correspondant à ces identifiants.',
  'reset.invalid': 'Ce lien de réinitialisation du mot de passe n’est pas valide.',
  'reset.failed': 'Votre mot de passe n’a pas pu être réinitialisé.',
  'reset.captchaTimeout': 'Erreur de connexion - veuillez soumettre à nouveau votre mot de passe.',
  'reset.success': 'Votre mot de passe a été réinitialisé.',

  'boxes.loadFailed': 'Vos Boîtes n’ont pas pu être récupérées.',
  'boxes.saveFailed': 'Un problème technique a empêché l’enregistrement de votre Boîte.',
  'boxes.itemsLoadFailed': 'Les éléments de cette Boîte n’ont pas pu être récupérés.',
  'boxes.addFailed': 'L’élément sélectionné n’a pas pu être ajouté.',
  'boxes.removeFailed': 'Cette Boîte n’a pas pu être retirée de votre espace de travail.',
  'boxes.titleSaveFailed': 'Les modifications du titre de la Boîte n’ont pas pu être enregistrées.',
  'boxes.detailsSaveFailed': 'Les détails de la Boîte n’ont pas pu être enregistrés.',
  'boxes.textSaveFailed': 'Les détails du texte n’ont pas pu être enregistrés.',
  'boxes.searchPaneCloseFailed': 'Ce volet de recherche n’a pas pu être fermé.',

  'profile.saved': 'Votre profil a été enregistré',
  'profile.saveFailed':
    'Un problème est survenu lors de l’enregistrement de votre profil. Veuillez réessayer plus tard.',
  'profile.languageFailed': 'Un problème est survenu lors du changement de langue.',
  'info.saved': 'Informations enregistrées avec succès.',

  // Sharing
  'share.level.owner': 'Propriétaire',
  'share.level.editor': 'Éditeur',
  'share.level.readonly': 'Lecture seule',
  'share.lastOwner': 'Un élément garde toujours au moins un propriétaire.',
  'share.alreadyShared': 'Cet élément est déjà partagé avec cette personne.',
  'share.notShared': 'Cet élément n’est pas partagé avec cette personne.',
  'share.self': 'Vous ne pouvez pas partager un élément avec vous-même\u00a0: vous le voyez déjà.',
  'share.rootBox':
    'Un espace de travail ne peut pas être partagé, et la liste de ceux qui le voient ne peut pas être modifiée.',

  // Annuler
  'undo.changedSince': 'Impossible d’annuler\u00a0: cela a été modifié depuis.',
  'undo.gone': 'Cela ne peut plus être annulé.',

  // Accounts, captcha and e-mails
  'validation.password.max': 'Votre mot de passe doit comporter au plus 200 caractères.',
  'validation.password.common':
    'Ce mot de passe est trop courant et facile à deviner. Veuillez en choisir un autre.',
  'validation.timezone.invalid': 'Sélectionnez un fuseau horaire dans la liste.',
  'validation.currentPassword.wrong': 'Votre mot de passe actuel n’est pas correct.',
  // Éléments récurrents
  'validation.recurrence.invalid': 'Cette règle de répétition n’est pas valide.',
  'validation.recurrence.unsupported':
    'Un élément se répète au plus une fois par jour, à l’heure de sa date cible.',
  'validation.recurrence.tooLong': 'Une règle de répétition peut comporter au plus 200 caractères.',
  'items.recurrence.textOnly': 'Seuls les textes peuvent se répéter.',
  // Reminders
  'validation.reminder.numberOf': 'Saisissez un nombre entier de 1 à 999, sans zéro initial.',
  'validation.reminder.unit': 'Choisissez minutes, heures, jours, semaines ou années.',
  'validation.reminder.beforeAfterOn': 'Choisissez avant, après ou à la date cible.',
  'reminder.itemUnavailable': 'Un élément auquel vous n’avez plus accès',
  'reminder.mention.info': '{{name}} vous a mentionné',
  'reminder.mention.someone': 'Quelqu’un',
  'reminder.info.before': '{{amount}} avant la date cible',
  'reminder.info.after': '{{amount}} après la date cible',
  'reminder.amount.minutes_one': '{{count}} minute',
  'reminder.amount.minutes_other': '{{count}} minutes',
  'reminder.amount.hours_one': '{{count}} heure',
  'reminder.amount.hours_other': '{{count}} heures',
  'reminder.amount.days_one': '{{count}} jour',
  'reminder.amount.days_other': '{{count}} jours',
  'reminder.amount.weeks_one': '{{count}} semaine',
  'reminder.amount.weeks_other': '{{count}} semaines',
  'reminder.amount.years_one': '{{count}} an',
  'reminder.amount.years_other': '{{count}} ans',
  'reminder.every.minutes_one': 'toutes les minutes',
  'reminder.every.minutes_other': 'toutes les {{count}} minutes',
  'reminder.every.hours_one': 'toutes les heures',
  'reminder.every.hours_other': 'toutes les {{count}} heures',
  'reminder.every.days_one': 'tous les jours',
  'reminder.every.days_other': 'tous les {{count}} jours',
  'reminder.every.weeks_one': 'toutes les semaines',
  'reminder.every.weeks_other': 'toutes les {{count}} semaines',
  'reminder.every.years_one': 'tous les ans',
  'reminder.every.years_other': 'tous les {{count}} ans',
  'reminder.info.on': 'À la date cible',
  'reminder.info.repeat': 'À la date cible, puis {{every}}',
  'mail.reminder.subject': 'Rappel\u00a0: {{title}}',
  'mail.reminder.body': 'Votre rappel pour «\u00a0{{title}}\u00a0» est arrivé à échéance ({{date}}).',
  'mail.reminder.action': 'Ouvrir Nestbox',
  'mail.reminder.footer':
    'Vous recevez ces e-mails car les e-mails de rappel sont activés dans vos paramètres.',
  'mail.mention.subject': '{{name}} vous a mentionné sur «\u00a0{{title}}\u00a0»',
  'mail.mention.body': '{{name}} vous a mentionné dans un commentaire sur «\u00a0{{title}}\u00a0»\u00a0:',
  'mail.mention.action': 'Ouvrir l’élément',

  'activation.alreadyActive': 'Ce compte est déjà activé. Vous pouvez vous connecter.',
  'reset.expired': 'Ce lien de réinitialisation du mot de passe a expiré.',
  'captcha.failed': 'Veuillez effectuer la vérification indiquant que vous n’êtes pas un robot.',
  'password.changed': 'Votre mot de passe a été modifié.',
  'mail.greeting': 'Bonjour {{name}},',
  'mail.signoff': 'L’équipe Nestbox',
  'mail.actionLine': '{{action}}\u00a0: {{link}}',
  'mail.linkFallback': 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
  'mail.activation.subject': 'Activez votre compte Nestbox',
  'mail.activation.body':
    'Bienvenue sur Nestbox\u00a0! Veuillez confirmer votre adresse e-mail pour activer votre compte.',
  'mail.activation.action': 'Activer mon compte',
  'mail.activation.expiry':
    'Ce lien expire dans 24 heures. Si vous ne vous êtes pas inscrit sur Nestbox, vous pouvez ignorer cet e-mail.',
  'mail.reset.subject': 'Réinitialisez votre mot de passe Nestbox',
  'mail.reset.body':
    'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Nestbox.',
  'mail.reset.action': 'Choisir un nouveau mot de passe',
  'mail.reset.expiry':
    'Ce lien expire dans 1 heure et ne fonctionne qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
  // Slack and admin tools
  'slack.notConfigured':
    'Slack n’est pas activé sur ce Nestbox. Un administrateur doit définir SLACK_CLIENT_ID, SLACK_CLIENT_SECRET et SLACK_SIGNING_SECRET.',
  'slack.signature.invalid': 'Cette requête n’est pas signée par Slack.',
  'admin.reseed.disabled':
    'La réinitialisation des données est désactivée sur ce serveur. Un administrateur doit définir NESTBOX_ALLOW_RESEED=1 pour l’autoriser.',
  'admin.reseed.done.base': 'La base de données a été réinitialisée avec les données de base.',
  'admin.reseed.done.full':
    'La base de données a été réinitialisée avec toutes les données de démonstration.',
  // Account security: e-mail change, weak passwords, logout
  'validation.password.weak':
    'Ce mot de passe est trop facile à deviner\u00a0: il ne peut pas n’être que des espaces ou quelques caractères répétés.',
  'validation.currentPassword.required':
    'Saisissez votre mot de passe actuel pour changer votre adresse e-mail.',
  'profile.emailChangePending':
    'Votre profil a été enregistré. Pour changer votre adresse e-mail, ouvrez le lien envoyé à {{email}}.',
  'emailChange.invalid': 'Ce lien de confirmation d’adresse e-mail n’est pas valide.',
  'emailChange.expired': 'Ce lien de confirmation d’adresse e-mail a expiré.',
  'emailChange.success': 'Votre adresse e-mail a été modifiée.',
  'mail.emailChange.subject': 'Confirmez votre nouvelle adresse e-mail Nestbox',
  'mail.emailChange.body':
    'Vous avez demandé à utiliser {{email}} pour votre compte Nestbox. Confirmez-la pour effectuer le changement.',
  'mail.emailChange.action': 'Confirmer ma nouvelle adresse',
  'mail.emailChange.expiry':
    'Ce lien expire dans 24 heures et ne fonctionne qu’une fois. D’ici là, votre compte garde son adresse actuelle.',
  'mail.emailChangeNotice.subject': 'Votre adresse e-mail Nestbox va changer',
  'mail.emailChangeNotice.body':
    'Une personne connectée à votre compte Nestbox a demandé à remplacer son adresse e-mail par {{email}}. Le changement n’aura lieu qu’une fois ouvert le lien envoyé à cette adresse.',
  'mail.emailChangeNotice.action': 'Réinitialiser mon mot de passe',
  'mail.emailChangeNotice.note':
    'Si ce n’était pas vous, réinitialisez votre mot de passe maintenant\u00a0: toutes les sessions de votre compte prennent fin, et le changement en attente avec elles.',
  // Capture rapide : la boîte de réception, nommée dans la langue de la personne à sa création
  'inbox.title': 'Boîte de réception',
  // data: export
  'export.format.invalid': 'Choisissez un format d’export\u00a0: json, opml ou csv.',
  'export.opml.title': 'Export Nestbox',

  // data: import
  'import.problem': '{{where}}\u00a0: {{problem}}',
  'import.where.line': 'Ligne {{line}}',
  'import.where.element': 'Élément {{element}}',
  'import.where.path': 'À {{path}}',
  'import.where.file': 'Le fichier',
  'import.imported': 'Importé le {{date}}',
  'import.idempotencyKey.invalid':
    'L’en-tête Idempotency-Key doit compter de 1 à 255 caractères ASCII visibles.',
  'import.idempotencyKey.reused':
    'Cette clé Idempotency-Key a servi à une autre importation. Envoyez chaque nouvelle importation avec sa propre clé.',
  'import.file.empty': 'le fichier est vide.',
  'import.file.notUtf8': 'le fichier n’est pas du texte UTF-8.',
  'import.file.nothing': 'le fichier ne contient rien à importer.',
  'import.file.tooManyItems':
    'le fichier contient plus de {{max}}\u00a0éléments\u00a0; découpez-le en fichiers plus petits.',
  'import.file.valueTooLong':
    'une valeur dépasse ici {{max}}\u00a0caractères, plus qu’aucun élément ne peut en contenir\u00a0; le fichier n’a pas été lu plus loin.',
  'import.file.tooHard':
    'le fichier n’a pas pu être lu dans le temps et la mémoire qu’un import peut prendre\u00a0; découpez-le en fichiers plus petits.',
  'import.file.tooDeep': 'des boîtes sont imbriquées sur plus de {{max}}\u00a0niveaux ici.',
  'import.title.nul': 'un titre ne peut pas contenir le caractère NUL (U+0000).',
  'import.title.textTooLong': 'un texte peut compter au plus {{max}}\u00a0caractères.',
  'import.note.tooLong': 'une note peut compter au plus {{max}}\u00a0caractères.',
  'import.note.nul': 'une note ne peut pas contenir le caractère NUL (U+0000).',
  'import.json.malformed': 'le fichier n’est pas du JSON valide.',
  'import.json.tooDeep': 'le fichier est trop profondément imbriqué pour être un export Nestbox.',
  'import.json.notNestbox': 'ce n’est pas un export Nestbox (il n’a pas de "format": "nestbox").',
  'import.zip.invalid':
    'ce zip n’est pas un export Nestbox\u00a0: il lui faut un nestbox.json d’au plus {{max}}\u00a0Mo, comme l’écrit l’export ZIP.',
  'import.zip.tooManyFiles':
    'ce zip contient plus de {{max}}\u00a0fichiers, plus qu’un export Nestbox n’en a jamais.',
  'import.attachments.missing':
    '{{count}}\u00a0fichiers joints sont listés mais absents de ce fichier, et ont été laissés de côté (l’export ZIP les contient).',
  'import.attachments.unreadable':
    '{{count}}\u00a0fichiers joints n’ont pas pu être lus dans le zip, endommagé à cet endroit, et ont été laissés de côté.',
  'import.attachments.overQuota':
    '{{count}}\u00a0fichiers joints ne tenaient pas dans vos limites de fichiers joints, et ont été laissés de côté.',
  'import.json.version':
    'cet export Nestbox est en version {{version}}\u00a0; ce Nestbox lit les versions 1 à {{supported}}.',
  'import.date.range': 'cette date n’est pas entre le 1er janvier 1970 et le 31 décembre 9999.',
  'import.targetDate.range':
    'cette date n’est pas entre le 1er janvier 1970 et le 31 décembre 9999\u00a0; l’élément est gardé sans elle.',
  'import.json.invalid': 'cette valeur n’est pas ce que contient un export Nestbox.',
  'import.json.unknownField': 'un export Nestbox n’a pas de champ «\u00a0{{field}}\u00a0».',
  'import.json.missing': 'cette valeur manque.',
  'import.json.boxNotPrioritizable':
    'une boîte ne peut pas figurer dans l’Organiseur\u00a0; elle est importée sans sa place.',
  'import.xml.malformed': 'le fichier n’est pas du XML bien formé (colonne {{column}}).',
  'import.xml.doctype': 'le fichier déclare une DTD (<!DOCTYPE …>), qu’un import ne lit jamais.',
  'import.xml.tooDeep': 'le fichier est trop profondément imbriqué.',
  'import.opml.noBody': 'ce n’est pas un plan OPML\u00a0: il n’a pas de <body> contenant des <outline>.',
  'import.opml.targetDate':
    'la date «\u00a0{{date}}\u00a0» n’a pas pu être lue\u00a0; l’élément est gardé sans elle.',
  'import.csv.malformed':
    'cette ligne n’a pas pu être lue comme du CSV\u00a0: vérifiez ses guillemets et ses virgules.',
  'import.csv.columns':
    'ce n’est pas un fichier CSV de Todoist\u00a0: sa première ligne doit nommer les colonnes TYPE et CONTENT.',
  'import.csv.type': 'le TYPE «\u00a0{{type}}\u00a0» n’est ni task, ni section, ni note, ni meta.',
  'import.csv.indent': 'INDENT doit être un nombre entier de 1 à 5, pas «\u00a0{{indent}}\u00a0».',
  'import.csv.priority': 'PRIORITY doit valoir 1, 2, 3 ou 4, pas «\u00a0{{priority}}\u00a0».',
  'import.csv.date':
    'la date «\u00a0{{date}}\u00a0» n’a pas pu être lue\u00a0; la tâche est gardée sans elle.',
  'import.csv.rankOnBox':
    'cette tâche a des sous-tâches et devient donc une boîte, or seuls les textes se classent dans l’Organiseur\u00a0: sa priorité est laissée de côté.',
  'import.csv.noteAlone': 'une note sans tâche au-dessus est importée comme un texte.',
  'import.note.duration': 'Durée\u00a0: {{duration}}',
  'import.note.deadline': 'Échéance\u00a0: {{date}}',

  // data: calendar feed
  'calendar.name': 'Nestbox',
  'calendar.description': 'Vos éléments datés dans Nestbox.',
  'calendar.workspace': 'Espace de travail',
  'calendar.sharedWithYou': 'Partagé avec vous',
  'calendar.untitledBox': 'Sans titre',
  'calendar.untitledText': 'Texte',
  'calendar.reminder': 'Rappel\u00a0: {{title}}',

  // data: API tokens
  'audit.cursor.invalid':
    'Cette page d’événements est introuvable\u00a0: recommencez depuis les plus récents.',
  'history.cursor.invalid':
    'Cette page de l’historique est introuvable\u00a0: recommencez depuis les plus récents.',
  'audit.userId.invalid': 'L’utilisateur doit être désigné par son identifiant.',
  'push.endpoint.invalid':
    'Cette adresse n’est pas celle d’un service de notifications que Nestbox peut joindre.',
  'push.tooManyDevices':
    'Nestbox notifie au plus 20\u00a0appareils par compte\u00a0: désactivez les notifications sur un appareil que vous n’utilisez plus.',
  'push.keys.invalid': 'Le navigateur n’a pas envoyé de clés valides pour ses notifications.',
  'push.reminder.body': 'Rappel\u00a0: échéance le {{date}}',
  'push.mention.body': '{{name}} vous a mentionné\u00a0: {{excerpt}}',
  'push.test.title': 'Les notifications de Nestbox sont activées',
  'push.test.body': 'Cet appareil affichera vos rappels dès qu’ils se déclenchent.',
  'tokens.name.required': 'Donnez un nom au jeton.',
  'tokens.name.tooLong': 'Le nom d’un jeton peut comporter au plus 100 caractères.',
  'tokens.scope.invalid': 'Choisissez si le jeton peut seulement lire, ou lire et modifier.',
  'tokens.invalid':
    'Ce jeton d’API ne fonctionne pas : il a été révoqué, un changement de mot de passe y a mis fin, ou il n’a jamais existé. Créez-en un autre dans Paramètres de l’application → Données → Jetons d’API.',
  'tokens.readOnly': 'Ce jeton d’API ne peut que lire\u00a0: il ne peut rien modifier.',
  'tokens.notForAccount':
    'Les jetons d’API ne peuvent pas modifier le compte, ses sessions ni ses jetons. Connectez-vous à Nestbox pour le faire.',

  // comptes : validation en deux étapes
  'validation.secondFactor.code.required':
    'Saisissez le code à six chiffres de votre application, ou un code de secours.',
  'validation.secondFactor.code.invalid': 'Ce n’est ni un code de votre application ni un code de secours.',
  'validation.secondFactor.proof.required': 'Saisissez votre mot de passe actuel ou un code.',
  'twoFactor.code.wrong':
    'Ce code n’est pas le bon. Vérifiez que votre téléphone est à l’heure, ou utilisez un code de secours.',
  'twoFactor.code.used': 'Ce code a déjà servi. Attendez le suivant dans votre application.',
  'login.secondFactor.expired':
    'Cette connexion a expiré ou est déjà terminée. Reconnectez-vous avec votre mot de passe.',
  'login.secondFactor.locked':
    'Trop de codes erronés pour cette connexion. Reconnectez-vous avec votre mot de passe.',
  'reset.secondFactor.locked':
    'Trop de codes erronés pour ce lien. Attendez 15\u00a0minutes, puis réessayez.',
  'twoFactor.alreadyOn': 'La validation en deux étapes est déjà activée.',
  'twoFactor.notOn': 'La validation en deux étapes n’est pas activée.',
  'twoFactor.setupFirst':
    'Recommencez\u00a0: demandez un nouveau code QR, puis saisissez un code de votre application.',
  'twoFactor.disabled': 'La validation en deux étapes est désactivée.',
  'twoFactor.resetOwn':
    'Désactivez votre propre validation en deux étapes dans Paramètres → Sécurité, avec un code ou votre mot de passe.',

  // data: CalDAV
  'caldav.auth.required':
    'Connectez-vous avec votre adresse e-mail et un mot de passe d’application (un jeton d’API qui peut écrire, créé dans Paramètres de l’application → Données → Jetons d’API).',
  'caldav.auth.invalid':
    'L’adresse e-mail ou le mot de passe d’application est incorrect, ou ce mot de passe a été révoqué ou rendu caduc par un changement de mot de passe.',
  'caldav.xml.invalid': 'Le corps de la requête n’est pas du XML bien formé.',
  'caldav.depth.infinite':
    'Depth\u00a0: infinity n’est pas pris en charge ici\u00a0; demandez avec Depth\u00a0: 0 ou 1.',
  'caldav.notFound': 'Il n’y a rien à cette adresse, ou vous n’y avez pas accès.',
  'caldav.readOnly':
    'Cette liste est partagée avec vous en lecture seule\u00a0: ses tâches ne peuvent pas être modifiées d’ici.',
  'caldav.method.notAllowed': 'Cette adresse n’accepte pas cette requête.',
  'caldav.calendarData.unsupported':
    'Seules des tâches iCalendar (text/calendar) peuvent être enregistrées ici.',
  'caldav.calendarData.invalid': 'Ce n’est pas du texte iCalendar valide\u00a0: {{reason}}',
  'caldav.component.unsupported':
    'Une liste Nestbox ne contient que des tâches (VTODO), pas des événements ni des entrées de journal.',
  'caldav.object.invalid': 'Cette tâche ne peut pas être enregistrée\u00a0: {{reason}}',
  'caldav.object.oneTask': 'une ressource contient exactement une tâche, avec un UID',
  'caldav.object.overrides': 'les occurrences modifiées isolément (RECURRENCE-ID) ne sont pas conservées',
  'caldav.object.titleTooLong': 'son SUMMARY dépasse {{max}}\u00a0caractères',
  'caldav.object.noteTooLong': 'sa DESCRIPTION dépasse {{max}}\u00a0caractères',
  'caldav.object.rule': 'sa RRULE ne peut pas être utilisée\u00a0: {{reason}}',
  'caldav.object.date': 'sa date DUE est hors limites',
  'caldav.uid.conflict': 'Une autre tâche a déjà cet UID.',
  'caldav.tooLarge': 'Une tâche ne peut pas dépasser 1\u00a0Mo.',
  'caldav.precondition.failed':
    'Cette tâche a changé depuis la dernière lecture de votre application\u00a0: synchronisez à nouveau, puis refaites votre modification.',
  'caldav.syncToken.invalid':
    'Ce jeton de synchronisation n’a pas été donné par Nestbox\u00a0: synchronisez à nouveau depuis le début.',
  'caldav.move.destination': 'Déplacez une tâche vers une de vos listes, avec le même compte.',
  'caldav.mkcalendar.location':
    'Une nouvelle liste doit avoir pour nom un UUID en minuscules, directement dans votre dossier de calendriers.',
  'caldav.mkcalendar.exists': 'Quelque chose existe déjà à cette adresse.',
  'caldav.mkcalendar.untitled': 'Nouvelle liste',
  // Authentification unique (OpenID Connect)
  'oidc.notConfigured':
    'L’authentification unique n’est pas configurée sur ce serveur. Un administrateur doit définir NESTBOX_OIDC_ISSUER, NESTBOX_OIDC_CLIENT_ID et NESTBOX_OIDC_CLIENT_SECRET.',
  'oidc.unavailable':
    'Le fournisseur d’identité est injoignable pour le moment. Veuillez réessayer dans quelques minutes.',
  'oidc.session.missing': 'Cette connexion a expiré ou a déjà servi. Veuillez vous reconnecter.',
  'oidc.link.missing':
    'Cette demande d’association a expiré. Veuillez vous connecter à nouveau auprès de votre fournisseur.',
  'oidc.link.wrongPassword':
    'Ce n’est pas le mot de passe de ce compte Nestbox. Réessayez, ou choisissez-en un nouveau avec «\u00a0Mot de passe oublié\u00a0?\u00a0».',
  'oidc.link.linkedElsewhere': 'Cette identité est déjà associée à un autre compte Nestbox.',
  'oidc.link.alreadyLinked':
    'Ce compte Nestbox est déjà associé à une autre identité chez votre fournisseur. Dissociez-la d’abord dans Paramètres de l’application → Sécurité.',
  'oidc.unlink.noPassword':
    'Votre compte n’a pas encore de mot de passe à lui\u00a0: le dissocier vous laisserait sans moyen de vous connecter. Définissez d’abord un mot de passe avec «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion.',
  // Clés d’accès (WebAuthn)
  'passkeys.failed': 'Cette clé d’accès n’a pas pu être vérifiée. Réessayez, ou connectez-vous autrement.',
  'passkeys.unknown':
    'Cette clé d’accès est inconnue de Nestbox\u00a0: elle a peut-être été supprimée. Connectez-vous autrement, puis ajoutez-la de nouveau dans Paramètres de l’application → Sécurité.',
  'passkeys.expired': 'Cette demande de clé d’accès a expiré. Veuillez réessayer.',
  'passkeys.none': 'Ce compte n’a pas de clé d’accès. Saisissez plutôt un code de votre application.',
  'passkeys.exists': 'Cette clé d’accès est déjà ajoutée à votre compte.',
  'passkeys.tooMany':
    'Vous avez ajouté autant de clés d’accès qu’un compte peut en garder (20). Supprimez-en une d’abord.',
  'passkeys.lastWay':
    'Cette clé d’accès est votre seul moyen de vous connecter. Définissez d’abord un mot de passe («\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion) ou ajoutez une autre clé d’accès.',
  'passkeys.unsupported':
    'Les clés d’accès exigent que l’adresse de ce serveur soit un nom de domaine (pas une adresse IP), servi en HTTPS ou depuis localhost.',
  'passkeys.defaultName': 'Clé d’accès {{n}}',
  'passkeys.removed': 'La clé d’accès est supprimée.',
  'validation.passkeyName.required': 'Donnez un nom à la clé d’accès.',
  'validation.passkeyName.tooLong': 'Utilisez au plus 100 caractères.',
  // Commentaires
  'comments.notFound': 'Ce commentaire n’existe plus.',
  'comments.notYours':
    'Seul son auteur peut modifier un commentaire\u00a0; son auteur ou un propriétaire de l’élément peut le supprimer.',
  'comments.tooMany':
    'Cet élément compte déjà autant de commentaires qu’il peut en avoir (500). Supprimez-en d’abord.',
  'comments.required': 'Écrivez d’abord quelque chose.',
  'comments.tooLong': 'Un commentaire peut compter au plus 5\u00a0000\u00a0caractères.',
  'comments.mentionUnseen':
    'Une personne que vous mentionnez ne voit pas cet élément. Partagez-le d’abord avec elle, ou retirez la mention.',
  'comments.tooManyMentions': 'Un commentaire peut mentionner au plus 20\u00a0personnes.',
  // Pièces jointes
  'attachments.notFound': 'Cette pièce jointe n’existe plus.',
  'attachments.notYours':
    'Seule la personne qui a joint un fichier, ou un propriétaire de l’élément, peut le supprimer.',
  'attachments.tooLarge': 'Ce fichier dépasse la taille que le serveur accepte pour une pièce jointe.',
  'attachments.quotaFull':
    'Ce fichier ne tient pas dans l’espace qu’il reste pour vos pièces jointes. Supprimez d’abord des pièces jointes.',
  'attachments.emptyFile': 'Ce fichier est vide.',
  'attachments.noFile': 'Choisissez un fichier à joindre.',
};
