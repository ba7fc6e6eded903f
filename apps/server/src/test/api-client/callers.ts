/** What `every-operation.ts` is given and gives back; apart from it, so the tests can name them before its types exist. */

export type Fetch = (request: Request) => Promise<Response>;

/** Who calls: the API key, the key's owner signed in, a team owner signed in, a browser visitor, and a key whose minute is spent. */
export interface Callers {
  key: Fetch;
  session: Fetch;
  teamSession: Fetch;
  visitor: Fetch;
  spentKey: Fetch;
}

/** What the script is handed: files to send, and a member of the team owner's team to hand it to. */
export interface Given {
  pdf: () => File;
  notPdf: () => File;
  teamMemberId: string;
}

/** Every answer, with the operation it answered (as the document names its path). */
export interface Answer {
  method: string;
  schemaPath: string;
  response: Response;
}

export type CallEveryOperation = (baseUrl: string, callers: Callers, given: Given, record: (answer: Answer) => void) => Promise<void>;
