/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

// hls.js ships no types for its light build (no subtitle, EME or alternate-audio code: captions
// are WebVTT <track>s here); its API is the full build's.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
