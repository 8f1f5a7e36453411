import type { MailCatalog } from "./MailCatalog.ts"

// The mails (to an account's owner and to the admin) in Brazilian Portuguese, você (keys as in en.ts).
export const ptBR: MailCatalog = {
  greeting: "Olá, {{name}},",
  approved: {
    subject: "Sua conta foi aprovada",
    subjectAgain: "Sua conta está ativa de novo",
    approved: "A administração aprovou sua conta do Herald: agora você pode entrar e agendar mensagens.",
    enabledAgain:
      "A administração reativou sua conta do Herald: você pode entrar, e suas mensagens agendadas voltam a ser enviadas.",
    signIn: "Entre aqui:"
  },
  rejected: {
    subject: "Seu pedido de conta foi recusado",
    declined: "A administração recusou seu pedido de conta do Herald, então você não pode entrar.",
    mistake: "Se você acha que é um engano, peça a quem cuida deste Herald para ativá-la."
  },
  signUpAttempted: {
    subject: "Alguém tentou se cadastrar com seu endereço",
    tried: "Alguém tentou criar uma conta do Herald com este endereço de e-mail, que já tem uma.",
    nothingChanged:
      'Nada foi alterado. Se foi você, entre na sua conta; se esqueceu sua senha, use "Esqueceu sua senha?" na página de entrada.',
    ifYou: "Se não foi você, pode ignorar este e-mail."
  },
  link: {
    until: "O link funciona uma única vez, até {{time}}."
  },
  reset: {
    subject: "Redefina sua senha",
    asked: "Alguém (esperamos que você) pediu para redefinir a senha da sua conta do Herald.",
    open: "Abra este link para escolher uma nova senha:",
    ignore: "Se você não pediu isso, ignore este e-mail: sua senha continua a mesma."
  },
  verify: {
    subject: "Confirme seu endereço de e-mail",
    asked: "Alguém (esperamos que você) se cadastrou no Herald com este endereço.",
    open: "Abra este link e digite a senha que você escolheu no cadastro, para confirmá-lo;",
    openUntil: "até lá a conta não pode ser usada:",
    ignore: "Se você não se cadastrou, ignore este e-mail: nada acontece sem o link e essa senha."
  },
  stopped: {
    subject: "O WhatsApp parou de enviar suas mensagens: {{headline}}",
    when: "Sua conexão do WhatsApp no Herald parou de funcionar em {{time}}:",
    happened: "{{happened}}. Até ela voltar a funcionar, nenhuma mensagem agendada pode ser enviada por ela.",
    noneDue: "Nenhuma mensagem sua está agendada para as próximas 24 horas.",
    due: "Agendadas para as próximas 24 horas ({{number}}):",
    dueLine: "- {{time}} para {{group}}: {{content}}",
    whatToDo: "O que fazer: {{nextStep}}",
    whatToDoBeforeDue: "O que fazer: {{nextStep}} Faça isso antes do horário das mensagens acima, ou elas vão falhar.",
    details: "Detalhes:",
    gateway: "O gateway informa a sessão {{session}} como {{status}}."
  },
  status: {
    SCAN_QR_CODE: {
      headline: "é preciso ler o QR code de novo",
      happened: "o WhatsApp desconectou este número do Herald, então é preciso conectá-lo de novo com um novo QR code",
      nextStep:
        "Abra a página do WhatsApp no Herald e leia o QR code com o WhatsApp no seu celular (Configurações, Dispositivos conectados, Conectar dispositivo)."
    },
    STOPPED: {
      headline: "a conexão parou",
      happened: "a conexão com o WhatsApp parou",
      nextStep: "Abra a página do WhatsApp no Herald e toque em Reiniciar."
    },
    FAILED: {
      headline: "a conexão falhou",
      happened: "a conexão com o WhatsApp falhou",
      nextStep:
        "Abra a página do WhatsApp no Herald e toque em Reiniciar. Se falhar de novo, desconecte lá e depois leia o novo QR code com o WhatsApp no seu celular (Configurações, Dispositivos conectados, Conectar dispositivo)."
    },
    STARTING: {
      headline: "a conexão está reiniciando",
      happened: "a conexão com o WhatsApp está iniciando de novo",
      nextStep:
        "Normalmente nada: ela se reconecta sozinha em um ou dois minutos. Se a página do WhatsApp no Herald não mostrar Conectado depois de alguns minutos, toque em Reiniciar lá."
    },
    PASSKEY_REQUIRED: {
      headline: "o WhatsApp pede uma chave de acesso",
      happened: "o WhatsApp pede uma chave de acesso antes que este aparelho possa enviar de novo",
      nextStep:
        "Siga o aviso no seu celular. Se não houver nenhum, abra a página do WhatsApp no Herald e toque em Reiniciar."
    },
    PASSKEY_CONFIRMATION_REQUIRED: {
      headline: "o WhatsApp pede que você confirme uma chave de acesso",
      happened: "o WhatsApp pede que você confirme uma chave de acesso antes que este aparelho possa enviar de novo",
      nextStep:
        "Confirme no seu celular. Se não houver aviso, abra a página do WhatsApp no Herald e toque em Reiniciar."
    },
    OTHER: {
      headline: "a conexão parou",
      happened: "a conexão com o WhatsApp parou de funcionar",
      nextStep:
        "Abra a página do WhatsApp no Herald para ver do que ela precisa; tocar em Reiniciar lá costuma resolver."
    }
  },
  limited: {
    subject: "O WhatsApp está limitando seu número: o envio está pausado",
    refused: "O WhatsApp recusou uma mensagem do seu número porque está limitando esse número por enquanto,",
    usually:
      "geralmente depois de muitas mensagens em pouco tempo ou de mensagens para pessoas que não conhecem o número.",
    holdsKnown:
      "O Herald segura suas mensagens até {{time}}, quando o WhatsApp diz que o limite acaba, e depois volta a enviar sozinho.",
    holdsUnknown:
      "O WhatsApp não disse por quanto tempo. O Herald segura suas mensagens até {{time}} e depois tenta de novo sozinho; se o WhatsApp continuar recusando, ele espera de novo.",
    noneDue: "Nenhuma mensagem sua está agendada antes disso.",
    due_one:
      "{{count}} mensagem está agendada antes disso: ela não é enviada atrasada, vai aparecer como perdida e você pode enviá-la de novo.",
    due_many:
      "{{count}} mensagens estão agendadas antes disso: elas não são enviadas atrasadas, vão aparecer como perdidas e você pode enviá-las de novo.",
    due_other:
      "{{count}} mensagens estão agendadas antes disso: elas não são enviadas atrasadas, vão aparecer como perdidas e você pode enviá-las de novo.",
    refusedFailed: "A mensagem recusada aparece como falha; envie de novo quando o limite acabar.",
    whatToDo:
      "O que fazer: nada é preciso para retomar. Para evitar isso da próxima vez, ative o ritmo de envio na página do WhatsApp para as mensagens saírem mais devagar.",
    details: "Detalhes:",
    session: "A sessão {{session}} do gateway."
  },
  // a campaign's title planning made up from its targets (no one wrote one)
  campaignTitle: {
    madeUp_one: "{{name}} e mais 1",
    madeUp_many: "{{name}} e mais {{count}}",
    madeUp_other: "{{name}} e mais {{count}}"
  },
  admin: {
    registration: {
      subject: "Novo cadastro: {{name}} <{{email}}>",
      subjectPending: "Novo cadastro: {{name}} <{{email}}> (aguardando sua aprovação)",
      registered: "Uma conta nova foi criada.",
      name: "Nome: {{name}}",
      email: "E-mail: {{email}}",
      pending:
        "Situação: aguardando sua aprovação. Aprove ou recuse na página Contas; até lá ela não pode usar o serviço.",
      active: "Situação: ativa (sem precisar de aprovação). Você pode desativá-la na página Contas.",
      page: "Página Contas:"
    },
    resetRequested: {
      subject: "Pediram para redefinir a senha de {{email}}",
      requested: "Alguém pediu para redefinir a senha da conta {{email}}.",
      notHere: "O link de uso único vai só para esse endereço; ele não está neste e-mail.",
      watch: "Se ninguém deveria estar trocando essa senha, fique de olho na conta."
    },
    campaignFailed: {
      subject: "Uma campanha falhou: {{title}}",
      failed: "Uma campanha falhou.",
      campaign: "Campanha: {{title}}",
      group: "Grupo: {{name}}",
      channel: "Canal: {{name}}",
      happened: "O que aconteceu: {{sentence}}",
      whatToDo: "O que fazer: {{nextStep}}",
      details: "Detalhes",
      reason: "Motivo: {{reason}}",
      id: "Id: {{id}}"
    },
    alert: {
      subject: "Alerta do sistema: {{text}}"
    },
    stalled: {
      subject: "Nenhum agendador está enviando mensagens",
      notRunning: "Parece que nenhum agendador está rodando, então as mensagens agendadas não estão sendo enviadas.",
      overdue: "Uma mensagem estava marcada para {{time}} e nada a pegou para enviar.",
      whatToDo:
        "O que fazer: inicie o agendador (node src/interfaces/scheduler/main.ts) ou confira se ele consegue acessar o banco de dados.",
      missed:
        "As mensagens que estavam programadas enquanto ele estava parado não são enviadas atrasadas: as campanhas as mostram como “Não enviada”, e quem as agendou pode enviá-las de novo.",
      details: "Detalhes:",
      message: "Mensagem {{id}}."
    },
    messagingFailed: {
      failed: "O aviso pelo WhatsApp falhou: {{why}}",
      noAdminAccount: "não há nenhuma conta de administrador ativa para enviá-lo.",
      noSession: "sua conta de administrador não tem WhatsApp conectado. Conecte na página do WhatsApp.",
      noDigits: "ADMIN_PHONE_NUMBER não tem dígitos. Coloque ali o seu número, por exemplo +15551234567.",
      lookupFailed: "o Herald não conseguiu ler o banco de dados naquele momento.",
      gatewayError: "o gateway do WhatsApp não o aceitou.",
      unexpected: "algo inesperado deu errado.",
      instead: "Por isso este e-mail foi enviado.",
      details: "Detalhes: {{reason}}"
    },
    phone: {
      registration: "novo cadastro",
      pending: "Aguardando sua aprovação.",
      active: "Ativa (sem precisar de aprovação).",
      campaignFailed: "uma campanha falhou",
      whatToDo: "O que fazer: {{nextStep}}",
      details: "Detalhes: {{reason}}",
      alert: "alerta do sistema",
      stalled: "nenhum agendador está enviando mensagens"
    }
  },
  failure: {
    sessionSentence:
      "O WhatsApp não estava conectado na hora da mensagem: o celular pode ter sido desconectado ou desvinculado.",
    sessionNext: "Abra a página do WhatsApp e conecte de novo (leia o QR code); depois envie a mensagem outra vez.",
    groupSentence:
      "O WhatsApp não conseguiu entregar no grupo: este número não está mais nele ou o grupo não existe mais.",
    groupNext: "Confira no celular se este número ainda está no grupo e depois envie a mensagem outra vez.",
    channelSentence:
      "O WhatsApp não conseguiu publicar no canal: este número não é mais dono nem administrador do canal, ou o canal não existe mais.",
    channelNext:
      "Confira no celular se este número ainda é dono ou administrador do canal e depois envie a mensagem outra vez.",
    refusedSentence:
      "O WhatsApp recusou a mensagem ou está limitando este número, muitas vezes depois de muitas mensagens em pouco tempo.",
    refusedNext:
      "Espere algumas horas antes de enviar de novo e ative o ritmo de envio na página do WhatsApp para as mensagens saírem mais devagar.",
    unreachableSentence: "O Herald não conseguiu alcançar sua conexão do WhatsApp, então a mensagem não foi enviada.",
    unreachableNext:
      "Avise a administração do Herald; quando a conexão voltar a funcionar, envie a mensagem outra vez.",
    noAnswerSentence:
      "O envio começou, mas nenhuma resposta chegou a tempo, então o Herald não sabe se a mensagem chegou ao grupo.",
    noAnswerNext: "Olhe o grupo primeiro: envie de novo só se a mensagem não estiver lá, senão ela chega duas vezes.",
    channelNoAnswerSentence:
      "O envio começou, mas nenhuma resposta chegou a tempo, então o Herald não sabe se a mensagem chegou ao canal.",
    channelNoAnswerNext:
      "Olhe o canal primeiro: envie de novo só se a mensagem não estiver lá, senão ela chega duas vezes.",
    missedSentence:
      "A mensagem não foi enviada: o Herald não estava funcionando, ou não conseguiu enviar, nos 2 minutos depois do horário dela.",
    missedNext: "Ela não é enviada depois sozinha: envie de novo se ainda for útil.",
    disabledSentence: "A mensagem não foi enviada: a administração desativou esta conta.",
    disabledNext:
      "Peça à administração do Herald para reativar sua conta; depois disso, use Enviar de novo nas mensagens que você ainda quer enviar.",
    otherSentence: "O WhatsApp não aceitou a mensagem.",
    otherNext: "Envie de novo; se falhar outra vez, avise a administração do Herald e passe os detalhes."
  }
}
