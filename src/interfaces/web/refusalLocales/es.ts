import type { RefusalCatalog } from "./RefusalCatalog.ts"

// The server's refusals in Spanish, tú (keys as in en.ts).
export const es: RefusalCatalog = {
  withErrorId: "{{text}} (código de error {{id}})",
  withHttp: "{{text}} (HTTP {{status}})",
  /** a zone by its place, as the browser app's pages name it */
  zone: "hora de {{place}}",
  unexpected:
    "Algo salió mal de nuestro lado (código de error {{id}}). Vuelve a intentarlo en un momento; si sigue pasando, dale este código a quien gestiona Herald.",
  signInFirst: "Primero inicia sesión.",
  awaitingApproval: "Tu cuenta está esperando la aprobación de quien gestiona Herald.",
  readOnlyKey: "Esta clave solo puede leer.",
  adminsOnly: "Solo quien gestiona Herald puede hacer esto.",
  notWithKey:
    "Esto no se puede hacer con una clave de API: inicia sesión en Herald desde el navegador para gestionar tu cuenta y tus claves.",
  StoreUnavailable: "Herald no puede llegar a su base de datos ahora mismo. Vuelve a intentarlo en un momento.",
  messageState: {
    NEW: "todavía se está planificando",
    SCHEDULED: "todavía está esperando su envío",
    PICKED: "se está enviando ahora mismo",
    SENT: "ya se envió",
    FAILED: "falló",
    OUTCOME_UNKNOWN: "no se sabe si salió",
    MISSED: "se perdió su hora",
    DELETED: "se eliminó",
    CANCELLED: "se canceló con su campaña",
    PAUSED: "está en pausa con su campaña: primero reanuda el envío",
    SKIPPED: "se saltó mientras la campaña estaba en pausa"
  },
  gatewayFeature: {
    polls: "Encuestas",
    mentionAll: "Mencionar a todos",
    media: "Imágenes y archivos",
    mentionOnMedia: "Mencionar a todos en una imagen o un archivo",
    channels: "Publicar en canales de WhatsApp",
    channelPolls: "Encuestas en canales de WhatsApp",
    status: "Publicar un estado",
    statusChosen: "Un estado para contactos elegidos",
    statusAll: "Un estado para todos los contactos"
  },
  sessionState: {
    WORKING: "la conexión de WhatsApp está conectada, pero no estaba lista para esto",
    SCAN_QR_CODE: "la conexión de WhatsApp está esperando que se escanee su código QR",
    STARTING: "la conexión de WhatsApp todavía se está iniciando",
    STOPPED: "la conexión de WhatsApp está detenida",
    FAILED: "la conexión de WhatsApp falló",
    PASSKEY_REQUIRED: "la conexión de WhatsApp está esperando una llave de acceso en el teléfono",
    PASSKEY_CONFIRMATION_REQUIRED:
      "la conexión de WhatsApp está esperando que se confirme la llave de acceso en el teléfono",
    OTHER: "la conexión de WhatsApp está en un estado que no lo permite"
  },
  userStatus: {
    ACTIVE: "activa",
    PENDING: "esperando aprobación",
    REJECTED: "rechazada",
    DISABLED: "desactivada"
  },
  InvalidCredentials: "El correo o la contraseña no son correctos.",
  TooManySignInAttempts: {
    signIns_one: "Demasiados inicios de sesión fallidos. Vuelve a intentarlo en {{count, number}} minuto.",
    signIns_many: "Demasiados inicios de sesión fallidos. Vuelve a intentarlo en {{count, number}} minutos.",
    signIns_other: "Demasiados inicios de sesión fallidos. Vuelve a intentarlo en {{count, number}} minutos.",
    signUps_one: "Demasiados registros. Vuelve a intentarlo en {{count, number}} minuto.",
    signUps_many: "Demasiados registros. Vuelve a intentarlo en {{count, number}} minutos.",
    signUps_other: "Demasiados registros. Vuelve a intentarlo en {{count, number}} minutos.",
    resetRequests_one:
      "Demasiadas solicitudes para restablecer la contraseña. Vuelve a intentarlo en {{count, number}} minuto.",
    resetRequests_many:
      "Demasiadas solicitudes para restablecer la contraseña. Vuelve a intentarlo en {{count, number}} minutos.",
    resetRequests_other:
      "Demasiadas solicitudes para restablecer la contraseña. Vuelve a intentarlo en {{count, number}} minutos.",
    linkTries_one: "Demasiados intentos fallidos con este enlace. Vuelve a intentarlo en {{count, number}} minuto.",
    linkTries_many: "Demasiados intentos fallidos con este enlace. Vuelve a intentarlo en {{count, number}} minutos.",
    linkTries_other: "Demasiados intentos fallidos con este enlace. Vuelve a intentarlo en {{count, number}} minutos."
  },
  EmailAlreadyRegistered: "Ya existe una cuenta con este correo.",
  InvalidResetToken: "Este enlace para restablecer la contraseña no es válido o ya caducó.",
  InvalidVerificationToken:
    "Este enlace de confirmación no es válido, ya se usó o caducó. Regístrate de nuevo para recibir otro.",
  VerificationPasswordMismatch:
    "Este enlace es de un registro con otra contraseña. Si no lo hiciste tú, regístrate de nuevo y abre el enlace más reciente con tu contraseña.",
  EmailNotVerified:
    "Primero confirma tu correo: abre el enlace del correo que te enviamos (o regístrate de nuevo para recibir otro enlace).",
  AccountDisabled: {
    address: "Quien gestiona Herald desactivó esta cuenta. Pídele a {{admin}} que la vuelva a activar.",
    noAddress: "Quien gestiona Herald desactivó esta cuenta. Pídele que la vuelva a activar."
  },
  AccountRejected: {
    address: "Quien gestiona Herald rechazó tu solicitud de cuenta. Pregúntale a {{admin}} si crees que es un error.",
    noAddress: "Quien gestiona Herald rechazó tu solicitud de cuenta. Pregúntale si crees que es un error."
  },
  ProtectedAccount: {
    self: "No puedes desactivar ni rechazar tu propia cuenta: tendría que hacerlo otra persona que gestione Herald.",
    adminEmail:
      "Según la configuración de Herald, esta es la cuenta de quien lo gestiona. No se puede desactivar ni rechazar."
  },
  UserStatusConflict: {
    approve: "Esta cuenta no se puede aprobar: ahora está {{userStatus}}. Vuelve a cargar la lista.",
    decline: "Esta cuenta no se puede rechazar: ahora está {{userStatus}}. Vuelve a cargar la lista.",
    disable: "Esta cuenta no se puede desactivar: ahora está {{userStatus}}. Vuelve a cargar la lista.",
    enable: "Esta cuenta no se puede activar: ahora está {{userStatus}}. Vuelve a cargar la lista."
  },
  InvalidPreferences: {
    timeZone: "No conocemos esta zona horaria. Elige una zona por su lugar, como Europe/Madrid o America/Mexico_City.",
    locale: "No conocemos este ajuste de idioma. Usa una etiqueta como es-ES o es-MX."
  },
  UserNotFound: "Esta cuenta ya no existe. Vuelve a cargar la lista.",
  MessagingSessionNotFound: "No encontramos esta conexión de WhatsApp. Abre la página de WhatsApp y vuelve a conectar.",
  CampaignNotFound: "No encontramos esta campaña. Puede que se haya eliminado; vuelve a tus campañas.",
  CampaignMessageNotFound: "Este mensaje ya no está en esta campaña. Vuelve a cargar la página.",
  MediaNotFound: "No encontramos la imagen o el archivo. Vuelve a subirlo.",
  UnsupportedMediaType: {
    unrecognised:
      "No se pudo reconocer el tipo de este archivo. Herald acepta imágenes JPEG, PNG, WebP o GIF y archivos PDF, Word, Excel, PowerPoint u OpenDocument, de 16 MB como máximo.",
    type: "Los archivos de tipo {{value}} no se pueden enviar. Herald acepta imágenes JPEG, PNG, WebP o GIF y archivos PDF, Word, Excel, PowerPoint u OpenDocument, de 16 MB como máximo."
  },
  media: {
    stalled: "El archivo dejó de llegar durante un minuto. Revisa tu conexión y vuelve a intentarlo.",
    tooManyUploads_one:
      "Has empezado {{limit}} subidas en el último minuto, el máximo que acepta Herald. Vuelve a intentarlo en {{count, number}} segundo.",
    tooManyUploads_many:
      "Has empezado {{limit}} subidas en el último minuto, el máximo que acepta Herald. Vuelve a intentarlo en {{count, number}} segundos.",
    tooManyUploads_other:
      "Has empezado {{limit}} subidas en el último minuto, el máximo que acepta Herald. Vuelve a intentarlo en {{count, number}} segundos."
  },
  MediaTooLarge: "El archivo pesa más de 16 MB, el máximo que acepta WhatsApp.",
  MediaQuotaExceeded:
    "Ya guardas {{files}} archivos o {{megabytes}} MB de imágenes y archivos. Se borran cuando sus mensajes se envían o se cancelan (las subidas sin usar, al cabo de un día): vuelve a intentarlo entonces, o cancela una campaña.",
  SessionCreationFailed: {
    plain: "No se pudo crear la conexión de WhatsApp. Vuelve a intentarlo en un momento.",
    namedSessionsUnsupported:
      "No se pudo crear la conexión de WhatsApp: la pasarela de WhatsApp solo permite una conexión y Herald necesita una por persona. Pídele a quien gestiona Herald que actualice WAHA a 2026.6.1 o posterior."
  },
  InvalidCampaign: {
    pastTime: "{{scheduledAt}} ya pasó.",
    allPast: "{{lastAt}} ya pasó. Todos los mensajes de este plan quedan en el pasado: elige fechas posteriores.",
    allPastNoLast: "Todos los mensajes de este plan quedan en el pasado: elige fechas posteriores.",
    futurePastTime:
      "{{scheduledAt}} ya pasó. Elige una hora posterior: a esa hora saldría el primer mensaje que cambias.",
    copyPastTime: "{{scheduledAt}} ya pasó. Elige un día de inicio posterior.",
    unknownTimeZone: "Herald no conoce la zona horaria {{zone}}. Elige una zona por su lugar, como Europe/Madrid.",
    emptyContent: "Escribe el texto del mensaje.",
    tooLong: "Un mensaje puede tener como máximo {{max}} caracteres: acorta el texto.",
    tooManyMessages:
      "Una campaña puede tener como máximo {{max}} mensajes y este plan da {{count, number}}: planifica menos.",
    tooManyCopies:
      "Este plan da {{count, number}} mensajes para cada uno de {{groups}} grupos ({{copies}} en total), y una campaña puede tener como máximo {{max}}: planifica menos mensajes o elige menos grupos.",
    noMessages: "Planifica al menos un mensaje.",
    noTargets: "Elige al menos un grupo.",
    duplicateTarget: "Este grupo ya es el destino {{position}}: elige cada grupo una sola vez.",
    groupIdRequired: "Elige el grupo de la lista.",
    targetsOrGroup: "Elige los grupos a los que enviar.",
    targetsAndGroup: "Elige los grupos en un solo sitio: un grupo o una lista de grupos, no ambos.",
    messagesOrRecurrence: "Planifica mensajes con sus propias horas o un mensaje que se repite, no ambos.",
    invalidDate: "Escribe la fecha como año-mes-día, por ejemplo 2026-12-01.",
    invalidSendTime: "Escribe la hora en horas y minutos (de 00:00 a 23:59).",
    endBeforeStart: "El último día no puede ser anterior al primero.",
    emptyTemplate: "Escribe el texto de los mensajes.",
    recurrenceTooLong:
      "Este plan da más de {{max}} mensajes, lo máximo que puede tener una campaña: elige un último día anterior.",
    pollMentionOwn:
      "Una encuesta no puede mencionar a todos (WhatsApp envía las encuestas sin menciones): desactiva «mencionar a todos» para ella.",
    pollMentionCampaign:
      "Una encuesta no puede mencionar a todos (WhatsApp envía las encuestas sin menciones): desactiva «mencionar a todos» para la campaña, o actívalo solo para sus mensajes de texto.",
    pollMention:
      "Una encuesta no puede mencionar a todos (WhatsApp envía las encuestas sin menciones): desactiva «mencionar a todos».",
    pollWithMedia: "Una encuesta no puede llevar una imagen ni un archivo: envía la imagen como un mensaje aparte.",
    notAPoll:
      "Este mensaje es un texto, no una encuesta, y un texto no puede convertirse en encuesta: planifica un mensaje nuevo.",
    channelMention:
      "Mencionar a todos solo funciona en grupos: un canal de WhatsApp tiene seguidores, no miembros a los que mencionar. Desactiva «mencionar a todos» o envía este mensaje solo a grupos.",
    channelFile:
      "Los canales de WhatsApp aceptan texto, imágenes, videos y encuestas, pero no documentos: envía este archivo solo a grupos, o compártelo en el canal como imagen o enlace.",
    channelNotListed:
      "{{name}} no está entre los canales de WhatsApp que este número posee o administra: vuelve a elegir un canal de la lista.",
    channelFollowed:
      "Este número solo sigue {{name}}, y solo sus propietarios y administradores pueden publicar allí: elige un canal que este número posea o administre.",
    statusStyleMisplaced: "El color, la fuente y los contactos elegidos son solo para tu estado, no para un grupo.",
    statusPoll: "Una encuesta no se puede publicar en tu estado: envíala solo a grupos o conviértela en texto.",
    statusFile:
      "Un estado puede mostrar una imagen, no un archivo: adjunta una imagen o envía el archivo solo a grupos.",
    statusMention:
      "Mencionar a todos solo funciona en grupos, no en tu estado: desactiva «mencionar a todos» o deja tu estado fuera de esta campaña.",
    nothingToCopy: "A esta campaña no le queda ningún mensaje que copiar.",
    notRepeating:
      "Solo en una campaña que se repite se pueden cambiar todos los mensajes futuros a la vez: edita sus mensajes uno por uno.",
    nothingToChange: "Indica una hora nueva o un texto nuevo.",
    partsDiffer_one:
      "Esta campaña envía {{count, number}} mensaje cada día, pero el texto nuevo da {{now}}: no dejes ninguna línea que solo tenga ---, o planifica una campaña nueva.",
    partsDiffer_many:
      "Esta campaña envía {{count, number}} mensajes cada día, pero el texto nuevo da {{now}}: deja el texto en {{count, number}} partes, separadas por líneas que solo tengan ---, o planifica una campaña nueva.",
    partsDiffer_other:
      "Esta campaña envía {{count, number}} mensajes cada día, pero el texto nuevo da {{now}}: deja el texto en {{count, number}} partes, separadas por líneas que solo tengan ---, o planifica una campaña nueva.",
    noFutureMessage: "A esta campaña no le queda ningún mensaje por enviar: no hay nada que cambiar.",
    pollOptionCount: "Una encuesta necesita de {{min}} a {{max}} opciones, y esta tiene {{count, number}}.",
    pollOptionEmpty: "Escribe esta opción o quítala.",
    pollOptionTooLong: "Una opción puede tener como máximo {{max}} caracteres: acórtala.",
    pollOptionTwice: "Las opciones tienen que ser distintas: {{option}} está dos veces.",
    statusColour: "Escribe el color de fondo como #rrggbb, por ejemplo #38b42f.",
    statusFont: "Elige una de las fuentes disponibles ({{fonts}}).",
    statusNoContacts: "Elige al menos un contacto que vea el estado, o deja que lo vean todos tus contactos.",
    statusTooManyContacts:
      "Un estado puede ir como máximo a {{max}} contactos elegidos, y este tiene {{count, number}}: mejor deja que lo vean todos tus contactos.",
    statusNotContact: "Este no es un contacto de WhatsApp: elige contactos de tu lista.",
    statusContactTwice: "Este contacto está elegido dos veces.",
    statusAllContactsOnly:
      "Con esta pasarela de WhatsApp un estado llega a todos tus contactos (según la privacidad de estados de tu teléfono): elige todos los contactos.",
    pacedTooMany:
      "Este número de WhatsApp envía con pausas (al menos {{gap}} s entre mensajes, más hasta {{jitter}} s): de los mensajes que tocan a la vez solo {{sure}} salen seguro dentro de los 2 minutos, y el de {{lateAt}} sería el número {{position}} de la fila. Separa más los mensajes, o baja las pausas en la página de WhatsApp.",
    pacedTooManyGroups:
      "Este número de WhatsApp envía con pausas (al menos {{gap}} s entre mensajes, más hasta {{jitter}} s): de los mensajes que tocan a la vez solo {{sure}} salen seguro dentro de los 2 minutos, y el de {{lateAt}} sería el número {{position}} de la fila (cada mensaje va a {{groups}} grupos). Separa más los mensajes, elige menos grupos, o baja las pausas en la página de WhatsApp.",
    copyMessage: "Mensaje {{copyPosition}} de la copia: {{reason}}",
    planNotTaken: "Herald no pudo aceptar este plan tal como está: vuelve a cargar la página y prográmalo otra vez.",
    engineCannot:
      "{{feature}}: el motor de esta conexión de WhatsApp ({{engine}}) no lo ofrece. Quítalo, o pídele a quien gestiona Herald un motor de WAHA que lo ofrezca.",
    engineUnnamed:
      "{{feature}}: el motor de esta conexión de WhatsApp no dice cuál es, así que Herald no puede contar con él. Quítalo, o pídele a quien gestiona Herald un motor de WAHA que lo ofrezca (NOWEB, GOWS o WEBJS).",
    mediaVersionTooOld:
      "{{feature}}: la pasarela de WhatsApp (WAHA {{version}}) lo ofrece a partir de WAHA {{since}}, o en WAHA Plus. Envía un texto en su lugar, o pídele a quien gestiona Herald que actualice WAHA.",
    versionTooOld:
      "{{feature}}: la pasarela de WhatsApp (WAHA {{version}}) lo ofrece a partir de WAHA {{since}}. Quítalo, o pídele a quien gestiona Herald que actualice WAHA."
  },
  InvalidSessionPacing: {
    pacingRange: "Escribe un número entero de segundos entre 0 y {{max}}.",
    pacingJitterNeedsGap: "Un extra al azar necesita una pausa: pon una pausa, o pon el extra en 0.",
    pacingTooLong:
      "La pausa y el extra al azar pueden sumar como máximo {{max}} segundos (los 2 minutos en los que un mensaje pendiente tiene que salir)."
  },
  CampaignConflict: {
    alreadyCompleted: "Esta campaña ya terminó.",
    alreadyCancelled: "Esta campaña ya está cancelada.",
    messageLocked: "Este mensaje ya no se puede cambiar: {{state}}.",
    messageNotDeletable: "Este mensaje ya no se puede eliminar: {{state}}.",
    finished: "Esta campaña terminó: todos los mensajes salieron o se saltaron.",
    cancelled: "Esta campaña se canceló: no se envía nada más.",
    failedNoPause:
      "Esta campaña falló, así que no se puede pausar. Cancélala para detener los mensajes que quedan, o vuelve a enviar los que fallaron.",
    failedNoResume:
      "Esta campaña falló y ninguno de sus mensajes está en pausa: no hay nada que reanudar. Vuelve a enviar los que fallaron, o cancélala.",
    noMessagesYet: "Esta campaña todavía no tiene mensajes.",
    alreadyPaused: "Esta campaña ya está en pausa.",
    notPaused: "Esta campaña no está en pausa: sus mensajes se envían a su hora.",
    cannotPause: "Esta campaña no se puede pausar ahora. Vuelve a cargar la página para ver cómo está.",
    cannotResume: "Esta campaña no se puede reanudar ahora. Vuelve a cargar la página para ver cómo está.",
    notResendable:
      "Solo se puede volver a enviar un mensaje que falló, se perdió, se saltó o cuyo resultado no se sabe, y este {{state}}.",
    alreadyResent: "Este mensaje ya se volvió a enviar y esa copia sigue en pie: vuelve a enviar la copia si no salió.",
    resendWhilePaused:
      "Algunos mensajes de esta campaña están en pausa: primero reanuda el envío y luego vuelve a enviar este mensaje.",
    nothingToResend: "Esta campaña todavía no tiene mensajes que volver a enviar.",
    changedMeanwhile: "El mensaje o su campaña cambió mientras tanto: vuelve a cargar la página e inténtalo de nuevo.",
    campaignChangedMeanwhile: "La campaña cambió mientras tanto: vuelve a cargar la página e inténtalo de nuevo.",
    resendFailed: "No se pudo volver a enviar el mensaje: vuelve a cargar la página e inténtalo de nuevo.",
    cannotCancel: "Esta campaña no se puede cancelar ahora. Vuelve a cargar la página para ver cómo está.",
    imageGone:
      "La imagen {{name}} de este mensaje ya no se guarda (las subidas se borran {{days}} días después de la hora de un mensaje fallido): planifica un mensaje nuevo y vuelve a adjuntar la imagen.",
    fileGone:
      "El archivo {{name}} de este mensaje ya no se guarda (las subidas se borran {{days}} días después de la hora de un mensaje fallido): planifica un mensaje nuevo y vuelve a adjuntar el archivo.",
    nothingLeftToChange: "Esta campaña terminó: no le queda ningún mensaje que cambiar."
  },
  CampaignQuotaExceeded: {
    campaigns:
      "Con esta campaña tendrías {{campaigns}} campañas abiertas, y el límite es {{campaignLimit}}. Cancela una campaña o espera a que se envíen algunas.",
    messages:
      "Con esta campaña tendrías {{messages}} mensajes pendientes, y el límite es {{messageLimit}}. Cancela una campaña, elimina mensajes o espera a que se envíen algunos.",
    both: "Con esta campaña tendrías {{campaigns}} campañas abiertas (el límite es {{campaignLimit}}) y {{messages}} mensajes pendientes (el límite es {{messageLimit}}). Cancela una campaña, elimina mensajes o espera a que se envíen algunos."
  },
  InvalidApiKey: {
    name: "Ponle a la clave un nombre de 1 a {{max}} caracteres.",
    expiresAt: "Elige una fecha de caducidad en el futuro."
  },
  ApiKeyNotFound: "No encontramos esta clave de API. Vuelve a cargar la lista.",
  ApiKeyLimitReached_one: "Ya tienes {{count, number}} clave de API en uso. Primero revoca una que ya no necesites.",
  ApiKeyLimitReached_many: "Ya tienes {{count, number}} claves de API en uso. Primero revoca una que ya no necesites.",
  ApiKeyLimitReached_other: "Ya tienes {{count, number}} claves de API en uso. Primero revoca una que ya no necesites.",
  TooManyBadApiKeys_one:
    "Demasiadas claves de API no válidas desde tu dirección. Vuelve a intentarlo en {{count, number}} minuto.",
  TooManyBadApiKeys_many:
    "Demasiadas claves de API no válidas desde tu dirección. Vuelve a intentarlo en {{count, number}} minutos.",
  TooManyBadApiKeys_other:
    "Demasiadas claves de API no válidas desde tu dirección. Vuelve a intentarlo en {{count, number}} minutos.",
  InvalidWebhookEndpoint: {
    urlTooLong: "La dirección tiene más de {{max}} caracteres.",
    urlNotAddress: "Eso no es una dirección web (debería empezar por https://).",
    urlHttpsOrHttp: "La dirección tiene que empezar por https:// o http://.",
    urlHttpsOnly: "La dirección tiene que empezar por https:// (no se acepta http sin cifrar).",
    urlCredentials: "La dirección no puede llevar un usuario ni una contraseña.",
    urlFragment: "La dirección no puede llevar un #fragmento.",
    urlPrivate: "La dirección lleva a este servidor o a una red privada, a la que Herald no llama.",
    noEvents: "Elige al menos un evento que enviar."
  },
  WebhookEndpointNotFound: "No encontramos este endpoint de webhook. Vuelve a cargar la lista.",
  WebhookEndpointLimitReached_one:
    "Ya tienes {{count, number}} endpoint de webhook. Primero elimina uno que ya no necesites.",
  WebhookEndpointLimitReached_many:
    "Ya tienes {{count, number}} endpoints de webhook. Primero elimina uno que ya no necesites.",
  WebhookEndpointLimitReached_other:
    "Ya tienes {{count, number}} endpoints de webhook. Primero elimina uno que ya no necesites.",
  TooManyWebhookPings_one:
    "Enviaste pings de prueba demasiado rápido. Vuelve a intentarlo en {{count, number}} segundo.",
  TooManyWebhookPings_many:
    "Enviaste pings de prueba demasiado rápido. Vuelve a intentarlo en {{count, number}} segundos.",
  TooManyWebhookPings_other:
    "Enviaste pings de prueba demasiado rápido. Vuelve a intentarlo en {{count, number}} segundos.",
  csv: {
    unknownZone: "Herald no conoce la zona horaria {{zone}}: elige una zona por su lugar, como Europe/Madrid.",
    tooManyRows:
      "Demasiadas filas: una campaña tiene como máximo {{max}} mensajes, así que esta fila y las siguientes no se leyeron.",
    quoteNotClosed:
      'Un texto entre comillas no está cerrado: falta una " (escribe una " dentro de un texto entre comillas como "").',
    quoteNotAtEnd:
      'Un texto entre comillas tiene que terminar justo antes de una coma o al final de su línea (escribe una " dentro como "" y pon todo el texto entre comillas).',
    columns: "Se esperaban 3 columnas (fecha,hora,texto) y hay {{found}}.",
    columnsCommas:
      "Se esperaban 3 columnas (fecha,hora,texto) y hay {{found}}: pon entre comillas dobles un texto que lleve comas.",
    columnsSemicolons:
      "Se esperaban 3 columnas (fecha,hora,texto) y hay {{found}}: separa las columnas con comas, no con punto y coma.",
    dateSlashed:
      "Fecha {{value}}: escribe las fechas como AAAA-MM-DD (2027-03-28), porque día/mes y mes/día se leen igual.",
    dateInvalid: "La fecha {{value}} no es una fecha con el formato AAAA-MM-DD.",
    timeInvalid: "La hora {{value}} no es una hora con el formato HH:MM (de 00:00 a 23:59).",
    textEmpty: "El texto está vacío.",
    textUnreadable:
      "El texto tiene caracteres que no se pudieron leer: guarda el archivo como «CSV UTF-8» y vuelve a importarlo.",
    textTooLong: "El texto tiene {{length}} caracteres, y un mensaje puede tener como máximo {{max}}.",
    past: "{{scheduledAt}} ya pasó.",
    noMessages: "El archivo no tiene mensajes.",
    dstGap: "Las {{written}} no existen ese día (se adelantan los relojes): se envía a las {{sent}}.",
    dstTwice: "Las {{written}} ocurren dos veces ese día (se atrasan los relojes): se envía la primera vez."
  },
  GatewayError: {
    Unreachable: "No se pudo llegar a la pasarela de WhatsApp.",
    Timeout: "La pasarela de WhatsApp no respondió a tiempo.",
    Unauthorized: "La pasarela de WhatsApp rechazó las credenciales de Herald.",
    SessionNotFound: "La pasarela de WhatsApp no conoce esta conexión de WhatsApp.",
    SessionNotRunning:
      "La conexión de WhatsApp está detenida en la pasarela: primero vuelve a conectarla o reiníciala.",
    SessionNotReady: "La pasarela de WhatsApp lo rechazó: la conexión de WhatsApp no está en un estado que lo permita.",
    SessionNotReadyStatus:
      "La pasarela de WhatsApp lo rechazó: {{sessionStatus}}. Abre la página de WhatsApp para ver qué necesita.",
    SessionAlreadyExists: "La pasarela de WhatsApp ya tiene una conexión con este nombre.",
    SessionAlreadyStarted: "La conexión de WhatsApp ya está en marcha en la pasarela.",
    NamedSessionsUnsupported:
      "La pasarela de WhatsApp solo permite una conexión y Herald necesita una por persona. Pídele a quien gestiona Herald que actualice WAHA a 2026.6.1 o posterior.",
    FeatureUnsupported:
      "La pasarela de WhatsApp no puede hacer esto: su motor o su versión no lo ofrece (por ejemplo, mencionar a todos o las encuestas).",
    NumberLimited: "WhatsApp está limitando este número por ahora y no aceptó el mensaje.",
    ServerError: "La pasarela de WhatsApp respondió con un error.",
    Refused: "La pasarela de WhatsApp rechazó la solicitud.",
    BadResponse: "La pasarela de WhatsApp respondió de una forma que Herald no pudo leer."
  }
}
