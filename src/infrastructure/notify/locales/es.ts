import type { MailCatalog } from "./MailCatalog.ts"

// The mails to an account's owner in Spanish, tú (keys as in en.ts).
export const es: MailCatalog = {
  zone: "hora de {{place}}",
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
  }
}
