// ESLint's flat config for the project's JavaScript (`make lint`): the pages' ES modules in playground/, the
// build's Node scripts in tools/ and the unit tests in tests/js/. ESLint's recommended rules, plus the few that
// catch the mistakes a page script of this kind makes: a condition that is always true or false, a variable
// or import left behind, == where === was meant, a shadowed global such as `event` or `name`.
import js from "@eslint/js";
import globals from "globals";

const house = {
  "no-constant-binary-expression": "error",
  "no-constant-condition": "error",
  "no-unused-vars": ["error", { args: "after-used", ignoreRestSiblings: true, caughtErrors: "all" }],
  "no-unused-private-class-members": "error",
  "no-use-before-define": ["error", { functions: false, classes: true, variables: false }],
  "no-shadow-restricted-names": "error",
  // Browser globals that a missing declaration silently turns into (`event`, `name`, `status`, ...).
  "no-restricted-globals": ["error", "event", "name", "status", "length", "top", "parent"],
  eqeqeq: ["error", "always"],
  "no-var": "error",
  "prefer-const": "error",
  "no-implicit-globals": "error",
};

export default [
  js.configs.recommended,
  {
    files: ["playground/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
    rules: house,
  },
  {
    // The engine's worker and the service worker run outside a page, with their own globals.
    files: ["playground/worker.js", "playground/sw.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    files: ["tools/**/*.mjs", "tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
    rules: house,
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { globals: { ...globals.node } },
  },
];
