// Listening for one spoken search: loaded on the first tap of a microphone button (useVoiceSearch.ts),
// as the header's button is on every page and most visits never tap it.

interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

export interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionConstructor = new () => Recognition;

/** The browser's speech recognition, if it has one. */
function speechRecognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Starts listening in the page's language: `onResult` gets the text heard, `onEnd` runs once it stops (result, error or silence). */
export function startRecognition(onResult: (text: string) => void, onEnd: () => void): Recognition | null {
  const Constructor = speechRecognitionConstructor();
  if (!Constructor) return null;
  const instance = new Constructor();
  instance.lang = navigator.language || 'en-US';
  instance.interimResults = false;
  instance.maxAlternatives = 1;
  instance.onresult = (event) => {
    const text = event.results[0]?.[0]?.transcript ?? '';
    if (text) onResult(text);
    instance.stop();
  };
  instance.onerror = () => instance.stop();
  instance.onend = onEnd;
  instance.start();
  return instance;
}
