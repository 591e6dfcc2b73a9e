// Every word the interactive pages show in English. Keys are "page.thing"; "{name}" marks a placeholder.
// Game terms as in the engine's glossary (engine/sixcardgolf/glossary.py). The Japanese twin is text-ja.js.
export default {
  "engine.loading": "Loading the rules engine",
  "engine.downloading": "Downloading the rules engine… {percent}%",
  "engine.starting": "Starting the rules engine…",
  "engine.retry": "Retry",
  "engine.failed.missing": "The rules engine could not start: the file {file} could not be loaded. Check the connection and retry.",
  "engine.failed.wasm": "The rules engine could not start: this browser could not compile its WebAssembly file ({file}).",
  "engine.failed.timeout": "The rules engine did not start in time. Retry, or reload the page.",
  "engine.failed.other": "The rules engine could not start because of an unexpected error. Retry, or reload the page.",
};
