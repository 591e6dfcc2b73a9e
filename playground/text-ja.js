// インタラクティブなページが表示する日本語のすべて。キーは「ページ.項目」、{name} は差し込み位置です。
// 用語はエンジンの用語集（engine/sixcardgolf/glossary.py）に合わせます。英語版は text-en.js です。
export default {
  "engine.loading": "ルールエンジンを読み込み中",
  "engine.downloading": "ルールエンジンをダウンロードしています…{percent}％",
  "engine.starting": "ルールエンジンを起動しています…",
  "engine.retry": "再試行",
  "engine.failed.missing": "ルールエンジンを起動できませんでした。ファイル「{file}」を読み込めませんでした。接続を確かめてから再試行してください。",
  "engine.failed.wasm": "ルールエンジンを起動できませんでした。このブラウザーでは WebAssembly のファイル（{file}）をコンパイルできませんでした。",
  "engine.failed.timeout": "ルールエンジンが時間内に起動しませんでした。再試行するか、ページを再読み込みしてください。",
  "engine.failed.other": "予期しないエラーのため、ルールエンジンを起動できませんでした。再試行するか、ページを再読み込みしてください。",
};
