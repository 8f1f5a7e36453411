import type { MailCatalog } from "./MailCatalog.ts"

// The mails (to an account's owner and to the admin) in Spanish, tú (keys as in en.ts).
export const es: MailCatalog = {
  greeting: "Hola, {{name}}:",
  approved: {
    subject: "Tu cuenta está aprobada",
    subjectAgain: "Tu cuenta vuelve a estar activa",
    approved: "La persona que administra Herald aprobó tu cuenta: ya puedes iniciar sesión y programar mensajes.",
    enabledAgain:
      "La persona que administra Herald volvió a activar tu cuenta: puedes iniciar sesión y tus mensajes programados se envían de nuevo.",
    signIn: "Inicia sesión aquí:"
  },
  rejected: {
    subject: "Tu solicitud de cuenta fue rechazada",
    declined: "La persona que administra Herald rechazó tu solicitud de cuenta, así que no puedes iniciar sesión.",
    mistake: "Si crees que es un error, pide a quien gestiona este Herald que la active."
  },
  signUpAttempted: {
    subject: "Alguien intentó registrarse con tu dirección",
    tried: "Alguien intentó crear una cuenta de Herald con esta dirección de correo, que ya tiene una.",
    nothingChanged:
      "No se cambió nada. Si fuiste tú, inicia sesión; si olvidaste tu contraseña, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.",
    ifYou: "Si no fuiste tú, puedes ignorar este correo."
  },
  link: {
    until: "El enlace sirve una sola vez, hasta el {{time}}."
  },
  reset: {
    subject: "Restablece tu contraseña",
    asked: "Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de Herald.",
    open: "Abre este enlace para elegir una contraseña nueva:",
    ignore: "Si no lo pediste, ignora este correo: tu contraseña sigue igual."
  },
  verify: {
    subject: "Confirma tu dirección de correo",
    asked: "Alguien (esperamos que tú) se registró en Herald con esta dirección.",
    open: "Abre este enlace y escribe la contraseña que elegiste al registrarte, para confirmarla;",
    openUntil: "hasta entonces la cuenta no se puede usar:",
    ignore: "Si no te registraste, ignora este correo: no pasa nada sin el enlace y esa contraseña."
  },
  stopped: {
    subject: "WhatsApp dejó de enviar tus mensajes: {{headline}}",
    when: "Tu conexión de WhatsApp en Herald dejó de funcionar el {{time}}:",
    happened: "{{happened}}. Hasta que vuelva a funcionar, no se puede enviar por ella ningún mensaje programado.",
    noneDue: "No tienes ningún mensaje programado para las próximas 24 horas.",
    due: "Programados para las próximas 24 horas ({{number}}):",
    dueLine: "- {{time}} a {{group}}: {{content}}",
    whatToDo: "Qué hacer: {{nextStep}}",
    whatToDoBeforeDue: "Qué hacer: {{nextStep}} Hazlo antes de la hora de los mensajes de arriba, o fallarán.",
    details: "Detalles:",
    gateway: "La pasarela informa la sesión {{session}} como {{status}}."
  },
  status: {
    SCAN_QR_CODE: {
      headline: "hay que volver a escanear su código QR",
      happened:
        "WhatsApp cerró la sesión de este número en Herald, así que hay que vincularlo otra vez con un código QR nuevo",
      nextStep:
        "Abre la página de WhatsApp en Herald y escanea el código QR con WhatsApp en tu teléfono (Ajustes, Dispositivos vinculados, Vincular un dispositivo)."
    },
    STOPPED: {
      headline: "la conexión se detuvo",
      happened: "la conexión con WhatsApp se detuvo",
      nextStep: "Abre la página de WhatsApp en Herald y pulsa Reiniciar."
    },
    FAILED: {
      headline: "la conexión falló",
      happened: "la conexión con WhatsApp falló",
      nextStep:
        "Abre la página de WhatsApp en Herald y pulsa Reiniciar. Si vuelve a fallar, cierra la sesión allí y luego escanea el código QR nuevo con WhatsApp en tu teléfono (Ajustes, Dispositivos vinculados, Vincular un dispositivo)."
    },
    STARTING: {
      headline: "la conexión se está reiniciando",
      happened: "la conexión con WhatsApp se está iniciando de nuevo",
      nextStep:
        "Normalmente nada: se vuelve a conectar sola en uno o dos minutos. Si la página de WhatsApp en Herald no dice Conectado después de unos minutos, pulsa Reiniciar allí."
    },
    PASSKEY_REQUIRED: {
      headline: "WhatsApp pide una llave de acceso",
      happened: "WhatsApp pide una llave de acceso antes de que este dispositivo pueda volver a enviar",
      nextStep:
        "Sigue el aviso en tu teléfono. Si no hay ninguno, abre la página de WhatsApp en Herald y pulsa Reiniciar."
    },
    PASSKEY_CONFIRMATION_REQUIRED: {
      headline: "WhatsApp te pide confirmar una llave de acceso",
      happened: "WhatsApp te pide confirmar una llave de acceso antes de que este dispositivo pueda volver a enviar",
      nextStep:
        "Confírmala en tu teléfono. Si no hay ningún aviso, abre la página de WhatsApp en Herald y pulsa Reiniciar."
    },
    OTHER: {
      headline: "la conexión se detuvo",
      happened: "la conexión con WhatsApp dejó de funcionar",
      nextStep: "Abre la página de WhatsApp en Herald para ver qué necesita; pulsar Reiniciar allí suele recuperarla."
    }
  },
  limited: {
    subject: "WhatsApp está limitando tu número: el envío está en pausa",
    refused: "WhatsApp rechazó un mensaje de tu número porque por ahora está limitando ese número,",
    usually: "normalmente después de muchos mensajes en poco tiempo o de mensajes a personas que no conocen el número.",
    holdsKnown:
      "Herald retiene tus mensajes hasta el {{time}}, cuando según WhatsApp termina el límite, y luego vuelve a enviar por sí solo.",
    holdsUnknown:
      "WhatsApp no dijo por cuánto tiempo. Herald retiene tus mensajes hasta el {{time}} y luego lo intenta de nuevo por sí solo; si WhatsApp sigue rechazándolos, vuelve a esperar.",
    noneDue: "No tienes ningún mensaje programado antes de esa hora.",
    due_one:
      "{{count}} mensaje está programado antes de esa hora: no se envía tarde, aparecerá como no enviado a tiempo y podrás enviarlo de nuevo.",
    due_many:
      "{{count}} mensajes están programados antes de esa hora: no se envían tarde, aparecerán como no enviados a tiempo y podrás enviarlos de nuevo.",
    due_other:
      "{{count}} mensajes están programados antes de esa hora: no se envían tarde, aparecerán como no enviados a tiempo y podrás enviarlos de nuevo.",
    refusedFailed: "El mensaje rechazado aparece como fallido; envíalo de nuevo cuando termine el límite.",
    whatToDo:
      "Qué hacer: no hace falta nada para reanudar. Para evitarlo la próxima vez, activa el ritmo de envío en la página de WhatsApp para que los mensajes salgan más despacio.",
    details: "Detalles:",
    session: "La sesión {{session}} de la pasarela."
  },
  // a campaign's title planning made up from its targets (no one wrote one)
  campaignTitle: {
    madeUp_one: "{{name}} y 1 más",
    madeUp_many: "{{name}} y {{count}} más",
    madeUp_other: "{{name}} y {{count}} más"
  },
  admin: {
    registration: {
      subject: "Nuevo registro: {{name}} <{{email}}>",
      subjectPending: "Nuevo registro: {{name}} <{{email}}> (esperando tu aprobación)",
      registered: "Alguien creó una cuenta nueva.",
      name: "Nombre: {{name}}",
      email: "Correo: {{email}}",
      pending:
        "Estado: esperando tu aprobación. Apruébala o recházala en la página Cuentas; hasta entonces no puede usar el servicio.",
      active: "Estado: activa (no hace falta aprobarla). Puedes desactivarla en la página Cuentas.",
      page: "Página Cuentas:"
    },
    resetRequested: {
      subject: "Alguien pidió restablecer la contraseña de {{email}}",
      requested: "Alguien pidió restablecer la contraseña de la cuenta {{email}}.",
      notHere: "El enlace de un solo uso va únicamente a esa dirección; no está en este correo.",
      watch: "Si nadie debería estar cambiando esa contraseña, vigila la cuenta."
    },
    campaignFailed: {
      subject: "Falló una campaña: {{title}}",
      failed: "Una campaña falló.",
      campaign: "Campaña: {{title}}",
      group: "Grupo: {{name}}",
      channel: "Canal: {{name}}",
      happened: "Qué pasó: {{sentence}}",
      whatToDo: "Qué hacer: {{nextStep}}",
      details: "Detalles",
      reason: "Motivo: {{reason}}",
      id: "Id: {{id}}"
    },
    alert: {
      subject: "Aviso del sistema: {{text}}"
    },
    stalled: {
      subject: "Ningún planificador está enviando mensajes",
      notRunning:
        "Parece que no hay ningún planificador en marcha, así que los mensajes programados no se están enviando.",
      overdue: "Había un mensaje para el {{time}} y nada lo ha recogido para enviarlo.",
      whatToDo:
        "Qué hacer: pon en marcha el planificador (node src/interfaces/scheduler/main.ts) o comprueba que llega a la base de datos.",
      missed:
        "Los mensajes que tocaban mientras estaba parado no se envían tarde: sus campañas los muestran como «No enviado» y quienes los programaron pueden enviarlos otra vez.",
      details: "Detalles:",
      message: "Mensaje {{id}}."
    },
    messagingFailed: {
      failed: "El aviso por WhatsApp falló: {{why}}",
      noAdminAccount: "no hay ninguna cuenta de administrador activa desde la que enviarlo.",
      noSession: "tu cuenta de administrador no tiene WhatsApp conectado. Conéctalo en la página de WhatsApp.",
      noDigits: "ADMIN_PHONE_NUMBER no tiene dígitos. Pon ahí tu número, por ejemplo +15551234567.",
      lookupFailed: "Herald no pudo leer su base de datos en ese momento.",
      gatewayError: "la pasarela de WhatsApp no lo aceptó.",
      unexpected: "algo inesperado salió mal.",
      instead: "Por eso te llega este correo.",
      details: "Detalles: {{reason}}"
    },
    phone: {
      registration: "nuevo registro",
      pending: "Esperando tu aprobación.",
      active: "Activa (no hace falta aprobarla).",
      campaignFailed: "falló una campaña",
      whatToDo: "Qué hacer: {{nextStep}}",
      details: "Detalles: {{reason}}",
      alert: "aviso del sistema",
      stalled: "ningún planificador está enviando mensajes"
    }
  },
  failure: {
    sessionSentence:
      "WhatsApp no estaba conectado cuando tocaba enviar el mensaje: puede que el teléfono se haya desconectado o desvinculado.",
    sessionNext:
      "Abre la página de WhatsApp y vuelve a conectar (escanea el código QR); luego envía el mensaje otra vez.",
    groupSentence: "WhatsApp no pudo entregar al grupo: este número ya no está en él o el grupo ya no existe.",
    groupNext: "Comprueba en tu teléfono que este número sigue en el grupo y luego envía el mensaje otra vez.",
    channelSentence:
      "WhatsApp no pudo publicar en el canal: este número ya no es propietario ni administrador del canal, o el canal ya no existe.",
    channelNext:
      "Comprueba en tu teléfono que este número sigue siendo propietario o administrador del canal y luego envía el mensaje otra vez.",
    refusedSentence:
      "WhatsApp rechazó el mensaje o está limitando este número, a menudo tras muchos mensajes en poco tiempo.",
    refusedNext:
      "Espera unas horas antes de volver a enviar y activa el ritmo de envío en la página de WhatsApp para que los mensajes salgan más despacio.",
    unreachableSentence: "Herald no pudo llegar a su conexión de WhatsApp, así que el mensaje no se envió.",
    unreachableNext: "Avisa a quien gestiona Herald; cuando la conexión vuelva a funcionar, envía el mensaje otra vez.",
    noAnswerSentence:
      "El envío empezó, pero no llegó respuesta a tiempo, así que Herald no sabe si el mensaje llegó al grupo.",
    noAnswerNext: "Mira primero el grupo: envíalo otra vez solo si el mensaje no está, o llegará dos veces.",
    channelNoAnswerSentence:
      "El envío empezó, pero no llegó respuesta a tiempo, así que Herald no sabe si el mensaje llegó al canal.",
    channelNoAnswerNext: "Mira primero el canal: envíalo otra vez solo si el mensaje no está, o llegará dos veces.",
    missedSentence:
      "El mensaje no se envió: Herald no estaba funcionando, o no pudo enviar, en los 2 minutos siguientes a su hora.",
    missedNext: "No se envía más tarde por sí solo: envíalo otra vez si todavía sirve.",
    disabledSentence: "El mensaje no se envió: quien gestiona Herald desactivó esta cuenta.",
    disabledNext:
      "Pide a quien gestiona Herald que vuelva a activar tu cuenta; cuando lo haga, usa Enviar otra vez en los mensajes que todavía quieras enviar.",
    otherSentence: "WhatsApp no aceptó el mensaje.",
    otherNext: "Envíalo otra vez; si vuelve a fallar, avisa a quien gestiona Herald y pásale los detalles."
  }
}
