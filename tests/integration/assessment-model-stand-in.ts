/**
 * A local stand-in for a model behind an OpenAI-compatible chat-completions endpoint, as the check
 * against the call asks it (one JSON answer, not streamed). Each request takes the next queued
 * answer, made from the request's own rubric and sections: a good one quoting the text, a malformed
 * one, one with invented quotes, or one too slow for the check's time budget.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Rubric {
  criteria: Array<{ id: string; name: string }>;
  sections: Array<{ id: string; kind: string; paragraphs?: string[] }>;
}

export type AssessmentAnswer = { kind: 'json'; make: (rubric: Rubric) => unknown } | { kind: 'text'; text: string } | { kind: 'slow'; ms: number; make: (rubric: Rubric) => unknown };

export interface AssessmentStandIn {
  baseUrl: string;
  answers: AssessmentAnswer[];
  requests: Array<{ system: string; rubric: Rubric; responseFormat: unknown }>;
  close(): Promise<void>;
}

export async function startAssessmentStandIn(): Promise<AssessmentStandIn> {
  const stand: AssessmentStandIn = { baseUrl: '', answers: [], requests: [], close: async () => {} };
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const parsed = JSON.parse(body) as { messages: Array<{ role: string; content: string }>; response_format?: unknown };
    const rubric = JSON.parse(parsed.messages.find((message) => message.role === 'user')!.content) as Rubric;
    stand.requests.push({ system: parsed.messages.find((message) => message.role === 'system')!.content, rubric, responseFormat: parsed.response_format });
    const answer = stand.answers.shift() ?? { kind: 'text', text: 'no answer queued' };
    const send = (content: string) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ id: 'c1', object: 'chat.completion', created: 0, model: 'stand-in', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }], usage: { prompt_tokens: 10, completion_tokens: 10 } }),
      );
    if (answer.kind === 'text') send(answer.text);
    else if (answer.kind === 'json') send(JSON.stringify(answer.make(rubric)));
    else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) send(JSON.stringify(answer.make(rubric)));
      }, answer.ms);
      timers.add(timer);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stand.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stand;
}

/** A good answer: every criterion scored with a quote copied from the first written text section it can find. */
export function goodAnswer(rubric: Rubric, score = 80, options: { invented?: boolean } = {}) {
  const written = rubric.sections.filter((section) => section.kind === 'text' && (section.paragraphs?.length ?? 0) > 0);
  return {
    criteria: rubric.criteria.map((criterion, index) => {
      const section = written[index % written.length]!;
      const quote = section.paragraphs![0]!.split(/(?<=[.!?])\s/)[0]!;
      return {
        id: criterion.id,
        score,
        verdict: `Verdict for ${criterion.name}`,
        evidence: options.invented ? [{ sectionId: section.id, quote }, { sectionId: section.id, quote: 'We have signed a contract with NASA worth DKK 40 million.' }] : [{ sectionId: section.id, quote }],
        missing: ['A named customer'],
      };
    }),
    suggestions: [{ sectionId: written[0]!.id, paragraph: 1, kind: 'rewrite', text: 'A sharper first paragraph [with the market in figures].', criterionId: rubric.criteria[0]!.id, note: 'Lead with the figure' }],
  };
}
