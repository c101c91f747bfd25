// The paxc extension: colouring comes from the TextMate grammar (package.json); everything else
// from the language server `paxc lsp`, started here for card and scenario files.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("paxc").get("path") || "paxc";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "paxc",
    "paxc",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "pax" },
        { scheme: "file", language: "paxtest" },
      ],
    },
  );
  client.start();
  context.subscriptions.push(client);
}

function deactivate() {
  return client === undefined ? undefined : client.stop();
}

module.exports = { activate, deactivate };
