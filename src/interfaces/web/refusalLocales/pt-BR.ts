import type { RefusalCatalog } from "./RefusalCatalog.ts"

// The server's refusals in Brazilian Portuguese, você (keys as in en.ts).
export const ptBR: RefusalCatalog = {
  withErrorId: "{{text}} (código do erro {{id}})",
  withHttp: "{{text}} (HTTP {{status}})",
  /** a zone by its place, as the browser app's pages name it */
  zone: "horário de {{place}}",
  unexpected:
    "Algo deu errado do nosso lado (código do erro {{id}}). Tente de novo daqui a pouco; se continuar acontecendo, passe este código para a administração do Herald.",
  signInFirst: "Entre primeiro.",
  awaitingApproval: "Sua conta está aguardando a aprovação da administração do Herald.",
  readOnlyKey: "Esta chave só pode ler.",
  adminsOnly: "Só a administração do Herald pode fazer isso.",
  notWithKey:
    "Isso não pode ser feito com uma chave de API: entre no Herald pelo navegador para gerenciar sua conta e suas chaves.",
  StoreUnavailable: "O Herald não está conseguindo acessar o banco de dados agora. Tente de novo daqui a pouco.",
  messageState: {
    NEW: "ela ainda está sendo planejada",
    SCHEDULED: "ela ainda está aguardando o envio",
    PICKED: "ela está sendo enviada agora",
    SENT: "ela já foi enviada",
    FAILED: "ela falhou",
    OUTCOME_UNKNOWN: "não se sabe se ela saiu",
    MISSED: "ela perdeu o horário",
    DELETED: "ela foi excluída",
    CANCELLED: "ela foi cancelada com a campanha",
    PAUSED: "ela está pausada com a campanha: retome o envio primeiro",
    SKIPPED: "ela foi pulada enquanto a campanha estava pausada"
  },
  gatewayFeature: {
    polls: "Enquetes",
    mentionAll: "Mencionar todos",
    media: "Imagens e arquivos",
    mentionOnMedia: "Mencionar todos numa imagem ou arquivo",
    channels: "Publicar em canais do WhatsApp",
    channelPolls: "Enquetes em canais do WhatsApp",
    status: "Publicar um status",
    statusChosen: "Um status para contatos escolhidos",
    statusAll: "Um status para todos os contatos"
  },
  sessionState: {
    WORKING: "a conexão do WhatsApp está conectada, mas não estava pronta para isso",
    SCAN_QR_CODE: "a conexão do WhatsApp está esperando que o código QR seja escaneado",
    STARTING: "a conexão do WhatsApp ainda está iniciando",
    STOPPED: "a conexão do WhatsApp está parada",
    FAILED: "a conexão do WhatsApp falhou",
    PASSKEY_REQUIRED: "a conexão do WhatsApp está esperando uma chave de acesso no celular",
    PASSKEY_CONFIRMATION_REQUIRED: "a conexão do WhatsApp está esperando a confirmação da chave de acesso no celular",
    OTHER: "a conexão do WhatsApp está num estado que não permite isso"
  },
  userStatus: {
    ACTIVE: "ativa",
    PENDING: "aguardando aprovação",
    REJECTED: "recusada",
    DISABLED: "desativada"
  },
  InvalidCredentials: "E-mail ou senha incorretos.",
  TooManySignInAttempts: {
    signIns_one: "Muitas tentativas de entrar sem sucesso. Tente de novo em {{count, number}} minuto.",
    signIns_many: "Muitas tentativas de entrar sem sucesso. Tente de novo em {{count, number}} minutos.",
    signIns_other: "Muitas tentativas de entrar sem sucesso. Tente de novo em {{count, number}} minutos.",
    signUps_one: "Muitos cadastros. Tente de novo em {{count, number}} minuto.",
    signUps_many: "Muitos cadastros. Tente de novo em {{count, number}} minutos.",
    signUps_other: "Muitos cadastros. Tente de novo em {{count, number}} minutos.",
    resetRequests_one: "Muitos pedidos para redefinir a senha. Tente de novo em {{count, number}} minuto.",
    resetRequests_many: "Muitos pedidos para redefinir a senha. Tente de novo em {{count, number}} minutos.",
    resetRequests_other: "Muitos pedidos para redefinir a senha. Tente de novo em {{count, number}} minutos.",
    linkTries_one: "Muitas tentativas sem sucesso com este link. Tente de novo em {{count, number}} minuto.",
    linkTries_many: "Muitas tentativas sem sucesso com este link. Tente de novo em {{count, number}} minutos.",
    linkTries_other: "Muitas tentativas sem sucesso com este link. Tente de novo em {{count, number}} minutos."
  },
  EmailAlreadyRegistered: "Já existe uma conta com este e-mail.",
  InvalidResetToken: "Este link para redefinir a senha é inválido ou expirou.",
  InvalidVerificationToken:
    "Este link de confirmação é inválido, já foi usado ou expirou. Cadastre-se de novo para receber outro.",
  VerificationPasswordMismatch:
    "Este link é de um cadastro com outra senha. Se não foi você, cadastre-se de novo e abra o link mais recente com a sua senha.",
  EmailNotVerified:
    "Confirme seu e-mail primeiro: abra o link do e-mail que enviamos para você (ou cadastre-se de novo para receber outro link).",
  AccountDisabled: {
    address: "A administração do Herald desativou esta conta. Peça para {{admin}} ativá-la de novo.",
    noAddress: "A administração do Herald desativou esta conta. Peça a ela para ativá-la de novo."
  },
  AccountRejected: {
    address:
      "A administração do Herald recusou seu pedido de conta. Fale com {{admin}} se você acha que foi um engano.",
    noAddress: "A administração do Herald recusou seu pedido de conta. Fale com ela se você acha que foi um engano."
  },
  ProtectedAccount: {
    self: "Você não pode desativar nem recusar a sua própria conta: outra pessoa da administração do Herald teria que fazer isso.",
    adminEmail:
      "Pela configuração do Herald, esta é a conta da administração do Herald. Ela não pode ser desativada nem recusada."
  },
  UserStatusConflict: {
    approve: "Esta conta não pode ser aprovada: agora ela está {{userStatus}}. Recarregue a lista.",
    decline: "Esta conta não pode ser recusada: agora ela está {{userStatus}}. Recarregue a lista.",
    disable: "Esta conta não pode ser desativada: agora ela está {{userStatus}}. Recarregue a lista.",
    enable: "Esta conta não pode ser ativada: agora ela está {{userStatus}}. Recarregue a lista."
  },
  InvalidPreferences: {
    timeZone: "Não conhecemos este fuso horário. Escolha um fuso pelo lugar, como America/Sao_Paulo ou Europe/Lisbon.",
    locale: "Não conhecemos esta configuração de idioma. Use uma etiqueta como pt-BR ou en-US."
  },
  UserNotFound: "Esta conta não existe mais. Recarregue a lista.",
  MessagingSessionNotFound: "Não encontramos esta conexão do WhatsApp. Abra a página do WhatsApp e conecte de novo.",
  CampaignNotFound: "Não encontramos esta campanha. Talvez ela tenha sido excluída; volte para suas campanhas.",
  CampaignMessageNotFound: "Esta mensagem não está mais nesta campanha. Recarregue a página.",
  MediaNotFound: "Não encontramos a imagem ou o arquivo. Envie de novo.",
  UnsupportedMediaType: {
    unrecognised:
      "Não foi possível reconhecer o tipo deste arquivo. O Herald aceita imagens JPEG, PNG, WebP ou GIF e arquivos PDF, Word, Excel, PowerPoint ou OpenDocument, de até 16 MB.",
    type: "Arquivos do tipo {{value}} não podem ser enviados. O Herald aceita imagens JPEG, PNG, WebP ou GIF e arquivos PDF, Word, Excel, PowerPoint ou OpenDocument, de até 16 MB."
  },
  media: {
    stalled: "O arquivo parou de chegar por um minuto. Verifique sua conexão e tente de novo.",
    tooManyUploads_one:
      "Você começou {{limit}} envios de arquivo no último minuto, o máximo que o Herald aceita. Tente de novo em {{count, number}} segundo.",
    tooManyUploads_many:
      "Você começou {{limit}} envios de arquivo no último minuto, o máximo que o Herald aceita. Tente de novo em {{count, number}} segundos.",
    tooManyUploads_other:
      "Você começou {{limit}} envios de arquivo no último minuto, o máximo que o Herald aceita. Tente de novo em {{count, number}} segundos."
  },
  MediaTooLarge: "O arquivo tem mais de 16 MB, o máximo que o WhatsApp aceita.",
  MediaQuotaExceeded:
    "Você já guarda {{files}} arquivos ou {{megabytes}} MB de imagens e arquivos. Eles são removidos quando as mensagens são enviadas ou canceladas (envios não usados, depois de um dia): tente de novo então, ou cancele uma campanha.",
  SessionCreationFailed: {
    plain: "Não foi possível criar a conexão do WhatsApp. Tente de novo daqui a pouco.",
    namedSessionsUnsupported:
      "Não foi possível criar a conexão do WhatsApp: o gateway do WhatsApp só permite uma conexão, e o Herald precisa de uma por pessoa. Peça à administração do Herald para atualizar o WAHA para 2026.6.1 ou posterior."
  },
  InvalidCampaign: {
    pastTime: "{{scheduledAt}} já passou.",
    allPast: "{{lastAt}} já passou. Todas as mensagens deste plano ficam no passado: escolha datas mais adiante.",
    allPastNoLast: "Todas as mensagens deste plano ficam no passado: escolha datas posteriores.",
    futurePastTime:
      "{{scheduledAt}} já passou. Escolha um horário mais tarde: é quando sairia a primeira mensagem alterada.",
    copyPastTime: "{{scheduledAt}} já passou. Escolha um dia de início mais adiante.",
    unknownTimeZone:
      "O Herald não conhece o fuso horário {{zone}}. Escolha um fuso pelo lugar, como America/Sao_Paulo.",
    emptyContent: "Escreva o texto da mensagem.",
    tooLong: "Uma mensagem pode ter no máximo {{max}} caracteres: encurte o texto.",
    tooManyMessages:
      "Uma campanha pode ter no máximo {{max}} mensagens, e este plano gera {{count, number}}: planeje menos.",
    tooManyCopies:
      "Este plano gera {{count, number}} mensagens para cada um de {{groups}} grupos ({{copies}} no total), e uma campanha pode ter no máximo {{max}}: planeje menos mensagens ou escolha menos grupos.",
    noMessages: "Planeje pelo menos uma mensagem.",
    noTargets: "Escolha pelo menos um grupo.",
    duplicateTarget: "Este grupo já é o destino {{position}}: escolha cada grupo uma vez só.",
    groupIdRequired: "Escolha o grupo na lista.",
    targetsOrGroup: "Escolha os grupos para onde enviar.",
    targetsAndGroup: "Escolha os grupos em um lugar só: um grupo ou uma lista de grupos, não os dois.",
    messagesOrRecurrence: "Planeje mensagens com horários próprios ou uma mensagem que se repete, não os dois.",
    invalidDate: "Escreva a data como ano-mês-dia, por exemplo 2026-12-01.",
    invalidSendTime: "Escreva o horário em horas e minutos (de 00:00 a 23:59).",
    endBeforeStart: "O último dia não pode ser antes do primeiro.",
    emptyTemplate: "Escreva o texto das mensagens.",
    recurrenceTooLong:
      "Este plano gera mais de {{max}} mensagens, o máximo que uma campanha pode ter: escolha um último dia mais cedo.",
    pollMentionOwn:
      "Uma enquete não pode mencionar todos (o WhatsApp envia enquetes sem menções): desligue “mencionar todos” para ela.",
    pollMentionCampaign:
      "Uma enquete não pode mencionar todos (o WhatsApp envia enquetes sem menções): desligue “mencionar todos” para a campanha, ou ligue só para as mensagens de texto.",
    pollMention:
      "Uma enquete não pode mencionar todos (o WhatsApp envia enquetes sem menções): desligue “mencionar todos”.",
    pollWithMedia: "Uma enquete não pode levar imagem nem arquivo: envie a imagem como uma mensagem separada.",
    notAPoll:
      "Esta mensagem é um texto, não uma enquete, e um texto não pode virar enquete: planeje uma mensagem nova.",
    channelMention:
      "Mencionar todos só funciona em grupos: um canal do WhatsApp tem seguidores, não membros para mencionar. Desligue “mencionar todos” ou envie esta mensagem só para grupos.",
    channelFile:
      "Os canais do WhatsApp aceitam texto, imagens, vídeos e enquetes, mas não documentos: envie este arquivo só para grupos, ou compartilhe no canal como imagem ou link.",
    channelNotListed:
      "{{name}} não está entre os canais do WhatsApp que este número tem ou administra: escolha um canal da lista de novo.",
    channelFollowed:
      "Este número só segue {{name}}, e só os donos e administradores podem publicar lá: escolha um canal que este número tenha ou administre.",
    statusStyleMisplaced: "Cor, fonte e contatos escolhidos são só para o seu status, não para um grupo.",
    statusPoll: "Uma enquete não pode ser publicada no seu status: envie só para grupos ou transforme em texto.",
    statusFile:
      "Um status pode mostrar uma imagem, não um arquivo: anexe uma imagem ou envie o arquivo só para grupos.",
    statusMention:
      "Mencionar todos só funciona em grupos, não no seu status: desligue “mencionar todos” ou deixe o seu status fora desta campanha.",
    nothingToCopy: "Esta campanha não tem mais nenhuma mensagem para copiar.",
    notRepeating:
      "Só numa campanha que se repete dá para mudar todas as mensagens futuras de uma vez: edite as mensagens uma a uma.",
    nothingToChange: "Informe um novo horário ou um novo texto.",
    partsDiffer_one:
      "Esta campanha envia {{count, number}} mensagem por dia, mas o texto novo gera {{now}}: não deixe nenhuma linha só com ---, ou planeje uma campanha nova.",
    partsDiffer_many:
      "Esta campanha envia {{count, number}} mensagens por dia, mas o texto novo gera {{now}}: deixe o texto em {{count, number}} partes, separadas por linhas só com ---, ou planeje uma campanha nova.",
    partsDiffer_other:
      "Esta campanha envia {{count, number}} mensagens por dia, mas o texto novo gera {{now}}: deixe o texto em {{count, number}} partes, separadas por linhas só com ---, ou planeje uma campanha nova.",
    noFutureMessage: "Esta campanha não tem mais nenhuma mensagem para enviar: não há nada para mudar.",
    pollOptionCount: "Uma enquete precisa de {{min}} a {{max}} opções, e esta tem {{count, number}}.",
    pollOptionEmpty: "Escreva esta opção ou remova.",
    pollOptionTooLong: "Uma opção pode ter no máximo {{max}} caracteres: encurte.",
    pollOptionTwice: "As opções precisam ser diferentes: {{option}} aparece duas vezes.",
    statusColour: "Escreva a cor de fundo como #rrggbb, por exemplo #38b42f.",
    statusFont: "Escolha uma das fontes oferecidas ({{fonts}}).",
    statusNoContacts: "Escolha pelo menos um contato para ver o status, ou deixe todos os seus contatos verem.",
    statusTooManyContacts:
      "Um status pode ir para no máximo {{max}} contatos escolhidos, e este tem {{count, number}}: deixe todos os seus contatos verem.",
    statusNotContact: "Este não é um contato do WhatsApp: escolha contatos da sua lista.",
    statusContactTwice: "Este contato foi escolhido duas vezes.",
    statusAllContactsOnly:
      "Neste gateway do WhatsApp um status vai para todos os seus contatos (conforme a privacidade de status do seu celular): escolha todos os contatos.",
    pacedTooMany:
      "Este número do WhatsApp envia com intervalos (pelo menos {{gap}} s entre mensagens, mais até {{jitter}} s): das mensagens devidas ao mesmo tempo só {{sure}} saem com certeza dentro dos 2 minutos, e a de {{lateAt}} seria a número {{position}} da fila. Espace mais as mensagens, ou diminua os intervalos na página do WhatsApp.",
    pacedTooManyGroups:
      "Este número do WhatsApp envia com intervalos (pelo menos {{gap}} s entre mensagens, mais até {{jitter}} s): das mensagens devidas ao mesmo tempo só {{sure}} saem com certeza dentro dos 2 minutos, e a de {{lateAt}} seria a número {{position}} da fila (cada mensagem vai para {{groups}} grupos). Espace mais as mensagens, escolha menos grupos, ou diminua os intervalos na página do WhatsApp.",
    copyMessage: "Mensagem {{copyPosition}} da cópia: {{reason}}",
    planNotTaken: "O Herald não conseguiu aceitar este plano como está: recarregue a página e programe de novo.",
    engineCannot:
      "{{feature}}: o motor desta conexão do WhatsApp ({{engine}}) não oferece isso. Tire isso, ou peça à administração do Herald um motor do WAHA que ofereça.",
    engineUnnamed:
      "{{feature}}: o motor desta conexão do WhatsApp não diz qual é, então o Herald não pode contar com ele. Tire isso, ou peça à administração do Herald um motor do WAHA que ofereça isso (NOWEB, GOWS ou WEBJS).",
    mediaVersionTooOld:
      "{{feature}}: o gateway do WhatsApp (WAHA {{version}}) só oferece isso a partir do WAHA {{since}}, ou no WAHA Plus. Envie um texto no lugar, ou peça à administração do Herald para atualizar o WAHA.",
    versionTooOld:
      "{{feature}}: o gateway do WhatsApp (WAHA {{version}}) só oferece isso a partir do WAHA {{since}}. Tire isso, ou peça à administração do Herald para atualizar o WAHA."
  },
  InvalidSessionPacing: {
    pacingRange: "Informe um número inteiro de segundos entre 0 e {{max}}.",
    pacingJitterNeedsGap: "Um extra aleatório precisa de um intervalo: defina um intervalo, ou deixe o extra em 0.",
    pacingTooLong:
      "O intervalo e o extra aleatório juntos podem ser no máximo {{max}} segundos (os 2 minutos em que uma mensagem devida precisa sair)."
  },
  CampaignConflict: {
    alreadyCompleted: "Esta campanha já terminou.",
    alreadyCancelled: "Esta campanha já foi cancelada.",
    messageLocked: "Esta mensagem não pode mais ser alterada: {{state}}.",
    messageNotDeletable: "Esta mensagem não pode mais ser excluída: {{state}}.",
    finished: "Esta campanha terminou: todas as mensagens saíram ou foram puladas.",
    cancelled: "Esta campanha foi cancelada: nada mais é enviado.",
    failedNoPause:
      "Esta campanha falhou, então não pode ser pausada. Cancele para parar as mensagens que ainda faltam, ou envie de novo as que falharam.",
    failedNoResume:
      "Esta campanha falhou e nenhuma das mensagens está pausada: não há nada para retomar. Envie de novo as que falharam, ou cancele.",
    noMessagesYet: "Esta campanha ainda não tem mensagens.",
    alreadyPaused: "Esta campanha já está pausada.",
    notPaused: "Esta campanha não está pausada: as mensagens são enviadas nos horários.",
    cannotPause: "Esta campanha não pode ser pausada agora. Recarregue a página para ver como ela está.",
    cannotResume: "Esta campanha não pode ser retomada agora. Recarregue a página para ver como ela está.",
    notResendable:
      "Só dá para enviar de novo uma mensagem que falhou, perdeu o horário, foi pulada ou cujo resultado não se sabe, e {{state}}.",
    alreadyResent:
      "Esta mensagem já foi enviada de novo, e essa cópia continua valendo: envie a cópia de novo se ela não saiu.",
    resendWhilePaused:
      "Algumas mensagens desta campanha estão pausadas: retome o envio primeiro e depois envie esta mensagem de novo.",
    nothingToResend: "Esta campanha ainda não tem mensagens para enviar de novo.",
    changedMeanwhile: "A mensagem ou a campanha mudou nesse meio-tempo: recarregue a página e tente de novo.",
    campaignChangedMeanwhile: "A campanha mudou nesse meio-tempo: recarregue a página e tente de novo.",
    resendFailed: "Não foi possível enviar a mensagem de novo: recarregue a página e tente de novo.",
    cannotCancel: "Esta campanha não pode ser cancelada agora. Recarregue a página para ver como ela está.",
    imageGone:
      "A imagem {{name}} desta mensagem não está mais guardada (os envios são removidos {{days}} dias depois do horário de uma mensagem que falhou): planeje uma mensagem nova e anexe a imagem de novo.",
    fileGone:
      "O arquivo {{name}} desta mensagem não está mais guardado (os envios são removidos {{days}} dias depois do horário de uma mensagem que falhou): planeje uma mensagem nova e anexe o arquivo de novo.",
    nothingLeftToChange: "Esta campanha terminou: não tem mais nenhuma mensagem para mudar."
  },
  CampaignQuotaExceeded: {
    campaigns:
      "Com esta campanha você teria {{campaigns}} campanhas abertas, e o limite é {{campaignLimit}}. Cancele uma campanha ou espere algumas serem enviadas.",
    messages:
      "Com esta campanha você teria {{messages}} mensagens pendentes, e o limite é {{messageLimit}}. Cancele uma campanha, exclua mensagens ou espere algumas serem enviadas.",
    both: "Com esta campanha você teria {{campaigns}} campanhas abertas (o limite é {{campaignLimit}}) e {{messages}} mensagens pendentes (o limite é {{messageLimit}}). Cancele uma campanha, exclua mensagens ou espere algumas serem enviadas."
  },
  InvalidApiKey: {
    name: "Dê à chave um nome de 1 a {{max}} caracteres.",
    expiresAt: "Escolha uma data de expiração no futuro."
  },
  ApiKeyNotFound: "Não encontramos esta chave de API. Recarregue a lista.",
  ApiKeyLimitReached_one: "Você já tem {{count, number}} chave de API em uso. Revogue primeiro uma que não usa mais.",
  ApiKeyLimitReached_many: "Você já tem {{count, number}} chaves de API em uso. Revogue primeiro uma que não usa mais.",
  ApiKeyLimitReached_other:
    "Você já tem {{count, number}} chaves de API em uso. Revogue primeiro uma que não usa mais.",
  TooManyBadApiKeys_one:
    "Muitas chaves de API inválidas vindas do seu endereço. Tente de novo em {{count, number}} minuto.",
  TooManyBadApiKeys_many:
    "Muitas chaves de API inválidas vindas do seu endereço. Tente de novo em {{count, number}} minutos.",
  TooManyBadApiKeys_other:
    "Muitas chaves de API inválidas vindas do seu endereço. Tente de novo em {{count, number}} minutos.",
  InvalidWebhookEndpoint: {
    urlTooLong: "O endereço tem mais de {{max}} caracteres.",
    urlNotAddress: "Isso não é um endereço da web (ele deve começar com https://).",
    urlHttpsOrHttp: "O endereço precisa começar com https:// ou http://.",
    urlHttpsOnly: "O endereço precisa começar com https:// (http sem criptografia é recusado).",
    urlCredentials: "O endereço não pode ter nome de usuário nem senha.",
    urlFragment: "O endereço não pode ter um #fragmento.",
    urlPrivate: "O endereço leva a este servidor ou a uma rede privada, que o Herald não chama.",
    noEvents: "Escolha pelo menos um evento para enviar."
  },
  WebhookEndpointNotFound: "Não encontramos este endpoint de webhook. Recarregue a lista.",
  WebhookEndpointLimitReached_one:
    "Você já tem {{count, number}} endpoint de webhook. Exclua primeiro um que não usa mais.",
  WebhookEndpointLimitReached_many:
    "Você já tem {{count, number}} endpoints de webhook. Exclua primeiro um que não usa mais.",
  WebhookEndpointLimitReached_other:
    "Você já tem {{count, number}} endpoints de webhook. Exclua primeiro um que não usa mais.",
  TooManyWebhookPings_one: "Você enviou pings de teste rápido demais. Tente de novo em {{count, number}} segundo.",
  TooManyWebhookPings_many: "Você enviou pings de teste rápido demais. Tente de novo em {{count, number}} segundos.",
  TooManyWebhookPings_other: "Você enviou pings de teste rápido demais. Tente de novo em {{count, number}} segundos.",
  csv: {
    unknownZone: "O Herald não conhece o fuso horário {{zone}}: escolha um fuso pelo lugar, como America/Sao_Paulo.",
    tooManyRows:
      "Linhas demais: uma campanha tem no máximo {{max}} mensagens, então esta linha e as seguintes não foram lidas.",
    quoteNotClosed:
      'Um texto entre aspas não foi fechado: falta uma " (escreva uma " dentro de um texto entre aspas como "").',
    quoteNotAtEnd:
      'Um texto entre aspas precisa terminar logo antes de uma vírgula ou no fim da linha (escreva uma " dentro dele como "" e coloque o texto inteiro entre aspas).',
    columns: "Eram esperadas 3 colunas (data,hora,texto), mas há {{found}}.",
    columnsCommas:
      "Eram esperadas 3 colunas (data,hora,texto), mas há {{found}}: coloque entre aspas duplas um texto que tenha vírgulas.",
    columnsSemicolons:
      "Eram esperadas 3 colunas (data,hora,texto), mas há {{found}}: separe as colunas com vírgulas, não com ponto e vírgula.",
    dateSlashed:
      "Data {{value}}: escreva as datas como AAAA-MM-DD (2027-03-28), porque dia/mês e mês/dia se leem do mesmo jeito.",
    dateInvalid: "A data {{value}} não é uma data no formato AAAA-MM-DD.",
    timeInvalid: "O horário {{value}} não é um horário no formato HH:MM (de 00:00 a 23:59).",
    textEmpty: "O texto está vazio.",
    textUnreadable:
      "O texto tem caracteres que não puderam ser lidos: salve o arquivo como “CSV UTF-8” e importe de novo.",
    textTooLong: "O texto tem {{length}} caracteres, e uma mensagem pode ter no máximo {{max}}.",
    past: "{{scheduledAt}} já passou.",
    noMessages: "O arquivo não tem mensagens.",
    dstGap: "{{written}} não existe nesse dia (os relógios são adiantados): enviada às {{sent}}.",
    dstTwice: "{{written}} acontece duas vezes nesse dia (os relógios são atrasados): enviada na primeira vez."
  },
  GatewayError: {
    Unreachable: "Não foi possível acessar o gateway do WhatsApp.",
    Timeout: "O gateway do WhatsApp não respondeu a tempo.",
    Unauthorized: "O gateway do WhatsApp recusou as credenciais do Herald.",
    SessionNotFound: "O gateway do WhatsApp não conhece esta conexão do WhatsApp.",
    SessionNotRunning: "A conexão do WhatsApp está parada no gateway: conecte de novo ou reinicie primeiro.",
    SessionNotReady: "O gateway do WhatsApp recusou: a conexão do WhatsApp não está num estado que permita isso.",
    SessionNotReadyStatus:
      "O gateway do WhatsApp recusou: {{sessionStatus}}. Abra a página do WhatsApp para ver o que ela precisa.",
    SessionAlreadyExists: "O gateway do WhatsApp já tem uma conexão com este nome.",
    SessionAlreadyStarted: "A conexão do WhatsApp já está rodando no gateway.",
    NamedSessionsUnsupported:
      "O gateway do WhatsApp só permite uma conexão, e o Herald precisa de uma por pessoa. Peça à administração do Herald para atualizar o WAHA para 2026.6.1 ou posterior.",
    FeatureUnsupported:
      "O gateway do WhatsApp não consegue fazer isso: o motor ou a versão dele não oferece (por exemplo, mencionar todos ou enquetes).",
    NumberLimited: "O WhatsApp está limitando este número por enquanto e não aceitou a mensagem.",
    ServerError: "O gateway do WhatsApp respondeu com um erro.",
    Refused: "O gateway do WhatsApp recusou o pedido.",
    BadResponse: "O gateway do WhatsApp respondeu de um jeito que o Herald não conseguiu ler."
  }
}
