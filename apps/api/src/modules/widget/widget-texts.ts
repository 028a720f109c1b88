import {
  botDefaults,
  widgetLanguageOfTag,
  type BotGoal,
  type WidgetConfig,
  type WidgetLanguage,
  type WidgetTexts,
} from '@askwell/shared';

const texts: Record<WidgetLanguage, WidgetTexts> = {
  en: {
    online: 'Online',
    close: 'Close chat',
    newConversation: 'New conversation',
    send: 'Send',
    messageLabel: 'Your message',
    typing: 'Typing…',
    sources: 'Sources',
    helpful: 'Helpful',
    notHelpful: 'Not helpful',
    feedbackThanks: 'Thanks for your feedback!',
    feedbackCommentLabel: 'What could be better? (optional)',
    feedbackCommentSend: 'Send feedback',
    leadTitle: 'Leave your details',
    leadIntro: 'Our team will get back to you.',
    leadName: 'Name',
    leadEmail: 'Email',
    leadPhone: 'Phone (optional)',
    leadConsent: 'I agree to be contacted about my request.',
    leadSubmit: 'Send details',
    leadSkip: 'Not now',
    leadThanks: 'Thank you! We will be in touch soon.',
    leadNameRequired: 'Please enter your name.',
    leadEmailInvalid: 'Please enter a valid email address.',
    leadPhoneInvalid: 'Please enter a valid phone number.',
    leadConsentRequired: 'Please agree to be contacted.',
    contactUs: 'Contact us',
    error: 'Something went wrong. Please try again.',
    rateLimited: 'You are sending messages too quickly. Please wait a moment.',
    poweredBy: 'Powered by Askwell',
  },
  es: {
    online: 'En línea',
    close: 'Cerrar chat',
    newConversation: 'Nueva conversación',
    send: 'Enviar',
    messageLabel: 'Tu mensaje',
    typing: 'Escribiendo…',
    sources: 'Fuentes',
    helpful: 'Útil',
    notHelpful: 'No útil',
    feedbackThanks: '¡Gracias por tu opinión!',
    feedbackCommentLabel: '¿Qué podríamos mejorar? (opcional)',
    feedbackCommentSend: 'Enviar opinión',
    leadTitle: 'Déjanos tus datos',
    leadIntro: 'Nuestro equipo se pondrá en contacto contigo.',
    leadName: 'Nombre',
    leadEmail: 'Correo electrónico',
    leadPhone: 'Teléfono (opcional)',
    leadConsent: 'Acepto que me contacten sobre mi consulta.',
    leadSubmit: 'Enviar datos',
    leadSkip: 'Ahora no',
    leadThanks: '¡Gracias! Te contactaremos pronto.',
    leadNameRequired: 'Introduce tu nombre.',
    leadEmailInvalid: 'Introduce un correo electrónico válido.',
    leadPhoneInvalid: 'Introduce un número de teléfono válido.',
    leadConsentRequired: 'Acepta que te contactemos.',
    contactUs: 'Contactar',
    error: 'Algo salió mal. Inténtalo de nuevo.',
    rateLimited: 'Estás enviando mensajes demasiado rápido. Espera un momento.',
    poweredBy: 'Con la tecnología de Askwell',
  },
  de: {
    online: 'Online',
    close: 'Chat schließen',
    newConversation: 'Neues Gespräch',
    send: 'Senden',
    messageLabel: 'Ihre Nachricht',
    typing: 'Schreibt…',
    sources: 'Quellen',
    helpful: 'Hilfreich',
    notHelpful: 'Nicht hilfreich',
    feedbackThanks: 'Danke für Ihr Feedback!',
    feedbackCommentLabel: 'Was können wir besser machen? (optional)',
    feedbackCommentSend: 'Feedback senden',
    leadTitle: 'Hinterlassen Sie Ihre Kontaktdaten',
    leadIntro: 'Unser Team meldet sich bei Ihnen.',
    leadName: 'Name',
    leadEmail: 'E-Mail',
    leadPhone: 'Telefon (optional)',
    leadConsent: 'Ich bin einverstanden, zu meiner Anfrage kontaktiert zu werden.',
    leadSubmit: 'Daten senden',
    leadSkip: 'Jetzt nicht',
    leadThanks: 'Vielen Dank! Wir melden uns bald.',
    leadNameRequired: 'Bitte geben Sie Ihren Namen ein.',
    leadEmailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    leadPhoneInvalid: 'Bitte geben Sie eine gültige Telefonnummer ein.',
    leadConsentRequired: 'Bitte stimmen Sie der Kontaktaufnahme zu.',
    contactUs: 'Kontakt',
    error: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    rateLimited: 'Sie senden Nachrichten zu schnell. Bitte warten Sie einen Moment.',
    poweredBy: 'Bereitgestellt von Askwell',
  },
  fr: {
    online: 'En ligne',
    close: 'Fermer le chat',
    newConversation: 'Nouvelle conversation',
    send: 'Envoyer',
    messageLabel: 'Votre message',
    typing: 'Rédaction…',
    sources: 'Sources',
    helpful: 'Utile',
    notHelpful: 'Pas utile',
    feedbackThanks: 'Merci pour votre avis !',
    feedbackCommentLabel: 'Que pourrions-nous améliorer ? (facultatif)',
    feedbackCommentSend: 'Envoyer l’avis',
    leadTitle: 'Laissez vos coordonnées',
    leadIntro: 'Notre équipe vous recontactera.',
    leadName: 'Nom',
    leadEmail: 'E-mail',
    leadPhone: 'Téléphone (facultatif)',
    leadConsent: 'J’accepte d’être contacté au sujet de ma demande.',
    leadSubmit: 'Envoyer',
    leadSkip: 'Plus tard',
    leadThanks: 'Merci ! Nous vous contacterons bientôt.',
    leadNameRequired: 'Veuillez saisir votre nom.',
    leadEmailInvalid: 'Veuillez saisir une adresse e-mail valide.',
    leadPhoneInvalid: 'Veuillez saisir un numéro de téléphone valide.',
    leadConsentRequired: 'Veuillez accepter d’être contacté.',
    contactUs: 'Nous contacter',
    error: 'Une erreur est survenue. Veuillez réessayer.',
    rateLimited: 'Vous envoyez des messages trop vite. Patientez un instant.',
    poweredBy: 'Propulsé par Askwell',
  },
  it: {
    online: 'Online',
    close: 'Chiudi chat',
    newConversation: 'Nuova conversazione',
    send: 'Invia',
    messageLabel: 'Il tuo messaggio',
    typing: 'Sta scrivendo…',
    sources: 'Fonti',
    helpful: 'Utile',
    notHelpful: 'Non utile',
    feedbackThanks: 'Grazie per il tuo feedback!',
    feedbackCommentLabel: 'Cosa potremmo migliorare? (facoltativo)',
    feedbackCommentSend: 'Invia feedback',
    leadTitle: 'Lasciaci i tuoi dati',
    leadIntro: 'Il nostro team ti ricontatterà.',
    leadName: 'Nome',
    leadEmail: 'Email',
    leadPhone: 'Telefono (facoltativo)',
    leadConsent: 'Accetto di essere contattato in merito alla mia richiesta.',
    leadSubmit: 'Invia dati',
    leadSkip: 'Non ora',
    leadThanks: 'Grazie! Ti contatteremo presto.',
    leadNameRequired: 'Inserisci il tuo nome.',
    leadEmailInvalid: 'Inserisci un indirizzo email valido.',
    leadPhoneInvalid: 'Inserisci un numero di telefono valido.',
    leadConsentRequired: 'Accetta di essere contattato.',
    contactUs: 'Contattaci',
    error: 'Qualcosa è andato storto. Riprova.',
    rateLimited: 'Stai inviando messaggi troppo velocemente. Attendi un momento.',
    poweredBy: 'Con la tecnologia di Askwell',
  },
  pt: {
    online: 'Online',
    close: 'Fechar chat',
    newConversation: 'Nova conversa',
    send: 'Enviar',
    messageLabel: 'Sua mensagem',
    typing: 'Digitando…',
    sources: 'Fontes',
    helpful: 'Útil',
    notHelpful: 'Não foi útil',
    feedbackThanks: 'Obrigado pelo seu feedback!',
    feedbackCommentLabel: 'O que podemos melhorar? (opcional)',
    feedbackCommentSend: 'Enviar feedback',
    leadTitle: 'Deixe seus dados',
    leadIntro: 'Nossa equipe entrará em contato com você.',
    leadName: 'Nome',
    leadEmail: 'E-mail',
    leadPhone: 'Telefone (opcional)',
    leadConsent: 'Concordo em ser contatado sobre a minha solicitação.',
    leadSubmit: 'Enviar dados',
    leadSkip: 'Agora não',
    leadThanks: 'Obrigado! Entraremos em contato em breve.',
    leadNameRequired: 'Digite seu nome.',
    leadEmailInvalid: 'Digite um endereço de e-mail válido.',
    leadPhoneInvalid: 'Digite um número de telefone válido.',
    leadConsentRequired: 'Concorde em ser contatado.',
    contactUs: 'Fale conosco',
    error: 'Algo deu errado. Tente novamente.',
    rateLimited: 'Você está enviando mensagens rápido demais. Aguarde um momento.',
    poweredBy: 'Desenvolvido por Askwell',
  },
  nl: {
    online: 'Online',
    close: 'Chat sluiten',
    newConversation: 'Nieuw gesprek',
    send: 'Versturen',
    messageLabel: 'Je bericht',
    typing: 'Aan het typen…',
    sources: 'Bronnen',
    helpful: 'Nuttig',
    notHelpful: 'Niet nuttig',
    feedbackThanks: 'Bedankt voor je feedback!',
    feedbackCommentLabel: 'Wat kan er beter? (optioneel)',
    feedbackCommentSend: 'Feedback versturen',
    leadTitle: 'Laat je gegevens achter',
    leadIntro: 'Ons team neemt contact met je op.',
    leadName: 'Naam',
    leadEmail: 'E-mail',
    leadPhone: 'Telefoon (optioneel)',
    leadConsent: 'Ik ga ermee akkoord dat er over mijn vraag contact met mij wordt opgenomen.',
    leadSubmit: 'Gegevens versturen',
    leadSkip: 'Niet nu',
    leadThanks: 'Bedankt! We nemen snel contact met je op.',
    leadNameRequired: 'Vul je naam in.',
    leadEmailInvalid: 'Vul een geldig e-mailadres in.',
    leadPhoneInvalid: 'Vul een geldig telefoonnummer in.',
    leadConsentRequired: 'Geef toestemming om contact met je op te nemen.',
    contactUs: 'Contact',
    error: 'Er ging iets mis. Probeer het opnieuw.',
    rateLimited: 'Je verstuurt te snel berichten. Wacht even.',
    poweredBy: 'Mogelijk gemaakt door Askwell',
  },
  pl: {
    online: 'Online',
    close: 'Zamknij czat',
    newConversation: 'Nowa rozmowa',
    send: 'Wyślij',
    messageLabel: 'Twoja wiadomość',
    typing: 'Pisze…',
    sources: 'Źródła',
    helpful: 'Pomocne',
    notHelpful: 'Niepomocne',
    feedbackThanks: 'Dziękujemy za opinię!',
    feedbackCommentLabel: 'Co moglibyśmy poprawić? (opcjonalnie)',
    feedbackCommentSend: 'Wyślij opinię',
    leadTitle: 'Zostaw swoje dane',
    leadIntro: 'Nasz zespół skontaktuje się z Tobą.',
    leadName: 'Imię',
    leadEmail: 'E-mail',
    leadPhone: 'Telefon (opcjonalnie)',
    leadConsent: 'Zgadzam się na kontakt w sprawie mojego zapytania.',
    leadSubmit: 'Wyślij dane',
    leadSkip: 'Nie teraz',
    leadThanks: 'Dziękujemy! Wkrótce się odezwiemy.',
    leadNameRequired: 'Podaj swoje imię.',
    leadEmailInvalid: 'Podaj prawidłowy adres e-mail.',
    leadPhoneInvalid: 'Podaj prawidłowy numer telefonu.',
    leadConsentRequired: 'Wyraź zgodę na kontakt.',
    contactUs: 'Kontakt',
    error: 'Coś poszło nie tak. Spróbuj ponownie.',
    rateLimited: 'Wysyłasz wiadomości zbyt szybko. Odczekaj chwilę.',
    poweredBy: 'Obsługiwane przez Askwell',
  },
  tr: {
    online: 'Çevrimiçi',
    close: 'Sohbeti kapat',
    newConversation: 'Yeni sohbet',
    send: 'Gönder',
    messageLabel: 'Mesajınız',
    typing: 'Yazıyor…',
    sources: 'Kaynaklar',
    helpful: 'Faydalı',
    notHelpful: 'Faydalı değil',
    feedbackThanks: 'Geri bildiriminiz için teşekkürler!',
    feedbackCommentLabel: 'Neyi daha iyi yapabiliriz? (isteğe bağlı)',
    feedbackCommentSend: 'Geri bildirim gönder',
    leadTitle: 'Bilgilerinizi bırakın',
    leadIntro: 'Ekibimiz size geri dönecek.',
    leadName: 'Ad',
    leadEmail: 'E-posta',
    leadPhone: 'Telefon (isteğe bağlı)',
    leadConsent: 'Talebimle ilgili benimle iletişime geçilmesini kabul ediyorum.',
    leadSubmit: 'Bilgileri gönder',
    leadSkip: 'Şimdi değil',
    leadThanks: 'Teşekkürler! En kısa sürede sizinle iletişime geçeceğiz.',
    leadNameRequired: 'Lütfen adınızı girin.',
    leadEmailInvalid: 'Lütfen geçerli bir e-posta adresi girin.',
    leadPhoneInvalid: 'Lütfen geçerli bir telefon numarası girin.',
    leadConsentRequired: 'Lütfen iletişime geçilmesini kabul edin.',
    contactUs: 'Bize ulaşın',
    error: 'Bir şeyler ters gitti. Lütfen tekrar deneyin.',
    rateLimited: 'Çok hızlı mesaj gönderiyorsunuz. Lütfen biraz bekleyin.',
    poweredBy: 'Askwell tarafından desteklenmektedir',
  },
  ru: {
    online: 'В сети',
    close: 'Закрыть чат',
    newConversation: 'Новый диалог',
    send: 'Отправить',
    messageLabel: 'Ваше сообщение',
    typing: 'Печатает…',
    sources: 'Источники',
    helpful: 'Полезно',
    notHelpful: 'Не помогло',
    feedbackThanks: 'Спасибо за отзыв!',
    feedbackCommentLabel: 'Что можно улучшить? (необязательно)',
    feedbackCommentSend: 'Отправить отзыв',
    leadTitle: 'Оставьте свои контакты',
    leadIntro: 'Наша команда свяжется с вами.',
    leadName: 'Имя',
    leadEmail: 'Эл. почта',
    leadPhone: 'Телефон (необязательно)',
    leadConsent: 'Я даю согласие на то, чтобы со мной связались по моему запросу.',
    leadSubmit: 'Отправить',
    leadSkip: 'Не сейчас',
    leadThanks: 'Спасибо! Мы скоро свяжемся с вами.',
    leadNameRequired: 'Введите ваше имя.',
    leadEmailInvalid: 'Введите корректный адрес электронной почты.',
    leadPhoneInvalid: 'Введите корректный номер телефона.',
    leadConsentRequired: 'Дайте согласие на связь с вами.',
    contactUs: 'Связаться с нами',
    error: 'Что-то пошло не так. Попробуйте ещё раз.',
    rateLimited: 'Вы отправляете сообщения слишком быстро. Подождите немного.',
    poweredBy: 'Работает на Askwell',
  },
  ar: {
    online: 'متصل',
    close: 'إغلاق المحادثة',
    newConversation: 'محادثة جديدة',
    send: 'إرسال',
    messageLabel: 'رسالتك',
    typing: 'يكتب…',
    sources: 'المصادر',
    helpful: 'مفيد',
    notHelpful: 'غير مفيد',
    feedbackThanks: 'شكرًا على ملاحظاتك!',
    feedbackCommentLabel: 'ما الذي يمكننا تحسينه؟ (اختياري)',
    feedbackCommentSend: 'إرسال الملاحظات',
    leadTitle: 'اترك بياناتك',
    leadIntro: 'سيتواصل معك فريقنا.',
    leadName: 'الاسم',
    leadEmail: 'البريد الإلكتروني',
    leadPhone: 'الهاتف (اختياري)',
    leadConsent: 'أوافق على التواصل معي بخصوص طلبي.',
    leadSubmit: 'إرسال البيانات',
    leadSkip: 'ليس الآن',
    leadThanks: 'شكرًا لك! سنتواصل معك قريبًا.',
    leadNameRequired: 'يرجى إدخال اسمك.',
    leadEmailInvalid: 'يرجى إدخال بريد إلكتروني صالح.',
    leadPhoneInvalid: 'يرجى إدخال رقم هاتف صالح.',
    leadConsentRequired: 'يرجى الموافقة على التواصل معك.',
    contactUs: 'تواصل معنا',
    error: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
    rateLimited: 'أنت ترسل الرسائل بسرعة كبيرة. يرجى الانتظار قليلًا.',
    poweredBy: 'مدعوم من Askwell',
  },
  zh: {
    online: '在线',
    close: '关闭聊天',
    newConversation: '新对话',
    send: '发送',
    messageLabel: '您的消息',
    typing: '正在输入…',
    sources: '来源',
    helpful: '有帮助',
    notHelpful: '没有帮助',
    feedbackThanks: '感谢您的反馈！',
    feedbackCommentLabel: '我们可以在哪些方面改进？（可选）',
    feedbackCommentSend: '发送反馈',
    leadTitle: '留下您的联系方式',
    leadIntro: '我们的团队会与您联系。',
    leadName: '姓名',
    leadEmail: '电子邮箱',
    leadPhone: '电话（可选）',
    leadConsent: '我同意就我的咨询与我联系。',
    leadSubmit: '提交',
    leadSkip: '以后再说',
    leadThanks: '谢谢！我们会尽快与您联系。',
    leadNameRequired: '请输入您的姓名。',
    leadEmailInvalid: '请输入有效的电子邮箱地址。',
    leadPhoneInvalid: '请输入有效的电话号码。',
    leadConsentRequired: '请同意我们与您联系。',
    contactUs: '联系我们',
    error: '出了点问题，请重试。',
    rateLimited: '您发送消息太快了，请稍等片刻。',
    poweredBy: '由 Askwell 提供支持',
  },
  'zh-Hant': {
    online: '線上',
    close: '關閉聊天',
    newConversation: '新對話',
    send: '傳送',
    messageLabel: '您的訊息',
    typing: '正在輸入…',
    sources: '來源',
    helpful: '有幫助',
    notHelpful: '沒有幫助',
    feedbackThanks: '感謝您的意見回饋！',
    feedbackCommentLabel: '我們可以在哪些方面改進？（選填）',
    feedbackCommentSend: '送出意見',
    leadTitle: '留下您的聯絡方式',
    leadIntro: '我們的團隊會與您聯絡。',
    leadName: '姓名',
    leadEmail: '電子郵件',
    leadPhone: '電話（選填）',
    leadConsent: '我同意就我的詢問與我聯絡。',
    leadSubmit: '送出',
    leadSkip: '以後再說',
    leadThanks: '謝謝！我們會盡快與您聯絡。',
    leadNameRequired: '請輸入您的姓名。',
    leadEmailInvalid: '請輸入有效的電子郵件地址。',
    leadPhoneInvalid: '請輸入有效的電話號碼。',
    leadConsentRequired: '請同意我們與您聯絡。',
    contactUs: '聯絡我們',
    error: '發生錯誤，請再試一次。',
    rateLimited: '您傳送訊息的速度太快了，請稍候片刻。',
    poweredBy: '由 Askwell 提供技術支援',
  },
  ja: {
    online: 'オンライン',
    close: 'チャットを閉じる',
    newConversation: '新しい会話',
    send: '送信',
    messageLabel: 'メッセージ',
    typing: '入力中…',
    sources: '出典',
    helpful: '役に立った',
    notHelpful: '役に立たなかった',
    feedbackThanks: 'フィードバックありがとうございます！',
    feedbackCommentLabel: '改善できる点はありますか？（任意）',
    feedbackCommentSend: 'フィードバックを送信',
    leadTitle: '連絡先をご入力ください',
    leadIntro: '担当者よりご連絡いたします。',
    leadName: 'お名前',
    leadEmail: 'メールアドレス',
    leadPhone: '電話番号（任意）',
    leadConsent: 'お問い合わせについて連絡を受けることに同意します。',
    leadSubmit: '送信する',
    leadSkip: '今はしない',
    leadThanks: 'ありがとうございます！近日中にご連絡いたします。',
    leadNameRequired: 'お名前を入力してください。',
    leadEmailInvalid: '有効なメールアドレスを入力してください。',
    leadPhoneInvalid: '有効な電話番号を入力してください。',
    leadConsentRequired: '連絡を受けることに同意してください。',
    contactUs: 'お問い合わせ',
    error: '問題が発生しました。もう一度お試しください。',
    rateLimited: 'メッセージの送信が速すぎます。少しお待ちください。',
    poweredBy: 'Powered by Askwell',
  },
  ko: {
    online: '온라인',
    close: '채팅 닫기',
    newConversation: '새 대화',
    send: '보내기',
    messageLabel: '메시지',
    typing: '입력 중…',
    sources: '출처',
    helpful: '도움이 됨',
    notHelpful: '도움이 안 됨',
    feedbackThanks: '의견을 보내 주셔서 감사합니다!',
    feedbackCommentLabel: '무엇을 개선하면 좋을까요? (선택 사항)',
    feedbackCommentSend: '의견 보내기',
    leadTitle: '연락처를 남겨 주세요',
    leadIntro: '담당자가 연락드리겠습니다.',
    leadName: '이름',
    leadEmail: '이메일',
    leadPhone: '전화번호 (선택 사항)',
    leadConsent: '문의와 관련하여 연락받는 것에 동의합니다.',
    leadSubmit: '보내기',
    leadSkip: '나중에',
    leadThanks: '감사합니다! 곧 연락드리겠습니다.',
    leadNameRequired: '이름을 입력해 주세요.',
    leadEmailInvalid: '올바른 이메일 주소를 입력해 주세요.',
    leadPhoneInvalid: '올바른 전화번호를 입력해 주세요.',
    leadConsentRequired: '연락받는 것에 동의해 주세요.',
    contactUs: '문의하기',
    error: '문제가 발생했습니다. 다시 시도해 주세요.',
    rateLimited: '메시지를 너무 빠르게 보내고 있습니다. 잠시 기다려 주세요.',
    poweredBy: 'Powered by Askwell',
  },
};

// The visitor's browser language (sent by the widget), else Accept-Language, else English.
export function pickLanguage(requested: string | undefined, acceptLanguage: string | undefined) {
  const candidates = [
    requested,
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]),
  ];
  for (const candidate of candidates) {
    const match = widgetLanguageOfTag(candidate);
    if (match) return match;
  }
  return 'en' as WidgetLanguage;
}

export function widgetTexts(language: WidgetLanguage) {
  return texts[language];
}

// The built-in answerer's own words around the quoted passages (which stay as written), in the
// widget's languages; any other language gets English.
export type AnswerTexts = {
  frame: string;
  // Said when nothing in the knowledge answers, per bot goal, unless the owner wrote their own.
  noAnswer: Record<BotGoal, string>;
};

const answerTextsByLanguage: Record<WidgetLanguage, AnswerTexts> = {
  en: {
    frame: 'From our documents:',
    noAnswer: {
      lead_generation:
        "I'm sorry, I don't have information about that yet. If you leave your email address, our team will get back to you.",
      product_recommendation:
        "I'm sorry, I couldn't find that in our catalogue information. Could you tell me a little more about what you are looking for?",
      support:
        "I'm sorry, I couldn't find an answer to that. Could you rephrase your question, or contact our support team?",
      information:
        "I'm sorry, I don't have information about that yet. Could you rephrase your question?",
    },
  },
  es: {
    frame: 'Según nuestros documentos:',
    noAnswer: {
      lead_generation:
        'Lo siento, todavía no tengo información sobre eso. Si nos dejas tu correo electrónico, nuestro equipo se pondrá en contacto contigo.',
      product_recommendation:
        'Lo siento, no lo he encontrado en la información de nuestro catálogo. ¿Podrías contarme un poco más sobre lo que buscas?',
      support:
        'Lo siento, no he encontrado una respuesta a eso. ¿Podrías reformular tu pregunta o contactar con nuestro equipo de soporte?',
      information:
        'Lo siento, todavía no tengo información sobre eso. ¿Podrías reformular tu pregunta?',
    },
  },
  de: {
    frame: 'Aus unseren Dokumenten:',
    noAnswer: {
      lead_generation:
        'Dazu habe ich leider noch keine Informationen. Wenn Sie uns Ihre E-Mail-Adresse hinterlassen, meldet sich unser Team bei Ihnen.',
      product_recommendation:
        'Das habe ich in unseren Katalogangaben leider nicht gefunden. Können Sie mir etwas mehr darüber sagen, wonach Sie suchen?',
      support:
        'Dazu habe ich leider keine Antwort gefunden. Können Sie Ihre Frage anders formulieren oder sich an unser Support-Team wenden?',
      information:
        'Dazu habe ich leider noch keine Informationen. Können Sie Ihre Frage anders formulieren?',
    },
  },
  fr: {
    frame: 'D’après nos documents :',
    noAnswer: {
      lead_generation:
        'Désolé, je n’ai pas encore d’informations à ce sujet. Si vous nous laissez votre adresse e-mail, notre équipe vous recontactera.',
      product_recommendation:
        'Désolé, je ne l’ai pas trouvé dans les informations de notre catalogue. Pourriez-vous m’en dire un peu plus sur ce que vous cherchez ?',
      support:
        'Désolé, je n’ai pas trouvé de réponse à cela. Pourriez-vous reformuler votre question ou contacter notre équipe d’assistance ?',
      information:
        'Désolé, je n’ai pas encore d’informations à ce sujet. Pourriez-vous reformuler votre question ?',
    },
  },
  it: {
    frame: 'Dai nostri documenti:',
    noAnswer: {
      lead_generation:
        'Mi dispiace, non ho ancora informazioni su questo. Se ci lasci il tuo indirizzo email, il nostro team ti ricontatterà.',
      product_recommendation:
        'Mi dispiace, non l’ho trovato nelle informazioni del nostro catalogo. Potresti dirmi qualcosa di più su ciò che cerchi?',
      support:
        'Mi dispiace, non ho trovato una risposta. Potresti riformulare la domanda o contattare il nostro team di assistenza?',
      information:
        'Mi dispiace, non ho ancora informazioni su questo. Potresti riformulare la domanda?',
    },
  },
  pt: {
    frame: 'Segundo nossos documentos:',
    noAnswer: {
      lead_generation:
        'Desculpe, ainda não tenho informações sobre isso. Se você deixar seu e-mail, nossa equipe entrará em contato.',
      product_recommendation:
        'Desculpe, não encontrei isso nas informações do nosso catálogo. Pode me contar um pouco mais sobre o que está procurando?',
      support:
        'Desculpe, não encontrei uma resposta para isso. Pode reformular sua pergunta ou falar com nossa equipe de suporte?',
      information:
        'Desculpe, ainda não tenho informações sobre isso. Pode reformular sua pergunta?',
    },
  },
  nl: {
    frame: 'Uit onze documenten:',
    noAnswer: {
      lead_generation:
        'Sorry, daar heb ik nog geen informatie over. Als je je e-mailadres achterlaat, neemt ons team contact met je op.',
      product_recommendation:
        'Sorry, dat heb ik niet gevonden in onze catalogusinformatie. Kun je iets meer vertellen over wat je zoekt?',
      support:
        'Sorry, daar heb ik geen antwoord op gevonden. Kun je je vraag anders formuleren of contact opnemen met ons supportteam?',
      information:
        'Sorry, daar heb ik nog geen informatie over. Kun je je vraag anders formuleren?',
    },
  },
  pl: {
    frame: 'Z naszych dokumentów:',
    noAnswer: {
      lead_generation:
        'Przepraszam, nie mam jeszcze informacji na ten temat. Jeśli zostawisz swój adres e-mail, nasz zespół się z Tobą skontaktuje.',
      product_recommendation:
        'Przepraszam, nie ma tego w informacjach o naszej ofercie. Czy możesz napisać trochę więcej o tym, czego szukasz?',
      support:
        'Przepraszam, nie udało mi się znaleźć odpowiedzi. Czy możesz inaczej sformułować pytanie albo skontaktować się z naszym zespołem wsparcia?',
      information:
        'Przepraszam, nie mam jeszcze informacji na ten temat. Czy możesz inaczej sformułować pytanie?',
    },
  },
  tr: {
    frame: 'Belgelerimize göre:',
    noAnswer: {
      lead_generation:
        'Üzgünüm, bu konuda henüz bilgim yok. E-posta adresinizi bırakırsanız ekibimiz sizinle iletişime geçecek.',
      product_recommendation:
        'Üzgünüm, bunu katalog bilgilerimizde bulamadım. Ne aradığınızı biraz daha anlatabilir misiniz?',
      support:
        'Üzgünüm, buna bir yanıt bulamadım. Sorunuzu farklı bir şekilde sorabilir veya destek ekibimizle iletişime geçebilir misiniz?',
      information:
        'Üzgünüm, bu konuda henüz bilgim yok. Sorunuzu farklı bir şekilde sorabilir misiniz?',
    },
  },
  ru: {
    frame: 'Из наших документов:',
    noAnswer: {
      lead_generation:
        'К сожалению, у меня пока нет информации об этом. Оставьте свой адрес электронной почты, и наша команда свяжется с вами.',
      product_recommendation:
        'К сожалению, в информации о нашем каталоге этого нет. Расскажите чуть подробнее, что вы ищете?',
      support:
        'К сожалению, ответ на этот вопрос найти не удалось. Попробуйте сформулировать вопрос иначе или свяжитесь с нашей службой поддержки.',
      information:
        'К сожалению, у меня пока нет информации об этом. Попробуйте сформулировать вопрос иначе.',
    },
  },
  ar: {
    frame: 'من مستنداتنا:',
    noAnswer: {
      lead_generation:
        'عذرًا، لا تتوفر لديّ معلومات عن ذلك بعد. إذا تركت بريدك الإلكتروني، فسيتواصل معك فريقنا.',
      product_recommendation:
        'عذرًا، لم أجد ذلك في معلومات منتجاتنا. هل يمكنك أن تخبرني بالمزيد عمّا تبحث عنه؟',
      support:
        'عذرًا، لم أجد إجابة عن ذلك. هل يمكنك إعادة صياغة سؤالك أو التواصل مع فريق الدعم لدينا؟',
      information: 'عذرًا، لا تتوفر لديّ معلومات عن ذلك بعد. هل يمكنك إعادة صياغة سؤالك؟',
    },
  },
  zh: {
    frame: '根据我们的文档：',
    noAnswer: {
      lead_generation: '抱歉，我还没有这方面的信息。如果您留下电子邮箱地址，我们的团队会与您联系。',
      product_recommendation:
        '抱歉，我在我们的产品信息中没有找到相关内容。能否再多介绍一下您在找什么？',
      support: '抱歉，我没有找到这个问题的答案。您可以换个方式提问，或者联系我们的支持团队吗？',
      information: '抱歉，我还没有这方面的信息。您可以换个方式提问吗？',
    },
  },
  'zh-Hant': {
    frame: '根據我們的文件：',
    noAnswer: {
      lead_generation: '抱歉，我還沒有這方面的資訊。如果您留下電子郵件地址，我們的團隊會與您聯絡。',
      product_recommendation:
        '抱歉，我在我們的產品資訊中沒有找到相關內容。能否再多說明一下您在找什麼？',
      support: '抱歉，我沒有找到這個問題的答案。您可以換個方式提問，或聯絡我們的支援團隊嗎？',
      information: '抱歉，我還沒有這方面的資訊。您可以換個方式提問嗎？',
    },
  },
  ja: {
    frame: '当社の資料より：',
    noAnswer: {
      lead_generation:
        '申し訳ありません。その件についての情報はまだありません。メールアドレスをお知らせいただければ、担当者よりご連絡いたします。',
      product_recommendation:
        '申し訳ありません。商品情報の中に見つかりませんでした。お探しのものについて、もう少し詳しく教えていただけますか？',
      support:
        '申し訳ありません。回答が見つかりませんでした。質問を言い換えていただくか、サポートチームにお問い合わせいただけますか？',
      information:
        '申し訳ありません。その件についての情報はまだありません。質問を言い換えていただけますか？',
    },
  },
  ko: {
    frame: '저희 문서에 따르면:',
    noAnswer: {
      lead_generation:
        '죄송합니다. 아직 그에 대한 정보가 없습니다. 이메일 주소를 남겨 주시면 담당자가 연락드리겠습니다.',
      product_recommendation:
        '죄송합니다. 제품 정보에서 찾지 못했습니다. 찾으시는 것에 대해 조금 더 말씀해 주시겠어요?',
      support:
        '죄송합니다. 답변을 찾지 못했습니다. 질문을 다르게 표현해 주시거나 지원팀에 문의해 주시겠어요?',
      information: '죄송합니다. 아직 그에 대한 정보가 없습니다. 질문을 다르게 표현해 주시겠어요?',
    },
  },
};

// What a new bot is created with and a visitor reads (the message for unanswered questions, the
// welcome message, the placeholder), in the widget's languages: a bot whose owner left them as they
// came speaks the visitor's language; words the owner wrote are used as written.
type VisitorWords = Pick<WidgetConfig, 'welcomeMessage' | 'placeholderText'>;
const newBotWordsByLanguage: Record<WidgetLanguage, VisitorWords & { fallbackMessage: string }> = {
  en: {
    fallbackMessage: botDefaults.fallbackMessage,
    welcomeMessage: botDefaults.widgetConfig.welcomeMessage,
    placeholderText: botDefaults.widgetConfig.placeholderText,
  },
  es: {
    fallbackMessage:
      'Lo siento, todavía no tengo información sobre eso. ¿Podrías reformular la pregunta o dejarnos tu correo electrónico para que nuestro equipo te responda?',
    welcomeMessage: '¡Hola! ¿En qué puedo ayudarte hoy?',
    placeholderText: 'Escribe tu mensaje...',
  },
  de: {
    fallbackMessage:
      'Dazu habe ich leider noch keine Informationen. Können Sie die Frage anders formulieren oder uns Ihre E-Mail-Adresse hinterlassen, damit sich unser Team meldet?',
    welcomeMessage: 'Hallo! Wie kann ich Ihnen heute helfen?',
    placeholderText: 'Ihre Nachricht...',
  },
  fr: {
    fallbackMessage:
      'Désolé, je n’ai pas encore d’informations à ce sujet. Pourriez-vous reformuler, ou nous laisser votre e-mail pour que notre équipe vous réponde ?',
    welcomeMessage: 'Bonjour ! Comment puis-je vous aider aujourd’hui ?',
    placeholderText: 'Votre message...',
  },
  it: {
    fallbackMessage:
      'Mi dispiace, non ho ancora informazioni su questo. Potresti riformulare la domanda o lasciarci il tuo indirizzo email, così il nostro team ti risponderà?',
    welcomeMessage: 'Ciao! Come posso aiutarti oggi?',
    placeholderText: 'Scrivi il tuo messaggio...',
  },
  pt: {
    fallbackMessage:
      'Desculpe, ainda não tenho informações sobre isso. Pode reformular a pergunta ou deixar seu e-mail para que nossa equipe responda?',
    welcomeMessage: 'Olá! Como posso ajudar você hoje?',
    placeholderText: 'Digite sua mensagem...',
  },
  nl: {
    fallbackMessage:
      'Sorry, daar heb ik nog geen informatie over. Kun je de vraag anders formuleren of je e-mailadres achterlaten, zodat ons team je antwoordt?',
    welcomeMessage: 'Hallo! Waarmee kan ik je vandaag helpen?',
    placeholderText: 'Typ je bericht...',
  },
  pl: {
    fallbackMessage:
      'Przepraszam, nie mam jeszcze informacji na ten temat. Czy możesz inaczej sformułować pytanie albo zostawić nam swój adres e-mail, żeby nasz zespół mógł odpowiedzieć?',
    welcomeMessage: 'Cześć! W czym mogę dziś pomóc?',
    placeholderText: 'Napisz wiadomość...',
  },
  tr: {
    fallbackMessage:
      'Üzgünüm, bu konuda henüz bilgim yok. Sorunuzu farklı bir şekilde sorabilir ya da ekibimizin size yanıt vermesi için e-posta adresinizi bırakabilir misiniz?',
    welcomeMessage: 'Merhaba! Bugün size nasıl yardımcı olabilirim?',
    placeholderText: 'Mesajınızı yazın...',
  },
  ru: {
    fallbackMessage:
      'К сожалению, у меня пока нет информации об этом. Сформулируйте вопрос иначе или оставьте свой адрес электронной почты, и наша команда вам ответит.',
    welcomeMessage: 'Здравствуйте! Чем я могу вам помочь?',
    placeholderText: 'Введите сообщение...',
  },
  ar: {
    fallbackMessage:
      'عذرًا، لا تتوفر لديّ معلومات عن ذلك بعد. هل يمكنك إعادة صياغة السؤال أو ترك بريدك الإلكتروني ليردّ عليك فريقنا؟',
    welcomeMessage: 'مرحبًا! كيف يمكنني مساعدتك اليوم؟',
    placeholderText: 'اكتب رسالتك...',
  },
  zh: {
    fallbackMessage:
      '抱歉，我还没有这方面的信息。您可以换个方式提问，或者留下您的电子邮箱，我们的团队会回复您。',
    welcomeMessage: '您好！今天有什么可以帮您？',
    placeholderText: '输入您的消息...',
  },
  'zh-Hant': {
    fallbackMessage:
      '抱歉，我還沒有這方面的資訊。您可以換個方式提問，或留下您的電子郵件，我們的團隊會回覆您。',
    welcomeMessage: '您好！今天有什麼可以幫您？',
    placeholderText: '輸入您的訊息...',
  },
  ja: {
    fallbackMessage:
      '申し訳ありません。その件についての情報はまだありません。質問を言い換えていただくか、メールアドレスをお知らせいただければ担当者より回答いたします。',
    welcomeMessage: 'こんにちは！本日はどのようなご用件でしょうか？',
    placeholderText: 'メッセージを入力...',
  },
  ko: {
    fallbackMessage:
      '죄송합니다. 아직 그에 대한 정보가 없습니다. 질문을 다르게 표현해 주시거나 이메일 주소를 남겨 주시면 담당자가 답변드리겠습니다.',
    welcomeMessage: '안녕하세요! 무엇을 도와드릴까요?',
    placeholderText: '메시지를 입력하세요...',
  },
};

/** The widget's settings as a visitor in `language` sees them: defaults in their language. */
export function widgetConfigFor<Config extends Partial<VisitorWords>>(
  config: Config,
  language: string | null,
): Config {
  const words = newBotWordsByLanguage[widgetLanguageOf(language)];
  const shown = { ...config };
  for (const key of ['welcomeMessage', 'placeholderText'] as const) {
    if (config[key] === botDefaults.widgetConfig[key]) shown[key] = words[key];
  }
  return shown;
}

/** The widget language a language code ("pt", "pt-BR", "zh-Hant") is written in, else English. */
export function widgetLanguageOf(language: string | null): WidgetLanguage {
  return widgetLanguageOfTag(language) ?? 'en';
}

export function answerTexts(language: string | null): AnswerTexts {
  return answerTextsByLanguage[widgetLanguageOf(language)];
}

export function defaultFallbackIn(language: string | null) {
  return newBotWordsByLanguage[widgetLanguageOf(language)].fallbackMessage;
}
