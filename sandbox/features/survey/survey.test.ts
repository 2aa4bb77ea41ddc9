// @vitest-environment node
// The survey: the questions, the checks on a submission, storing and replacing answers per person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../../test-support.js';

type Question = {
  id: number;
  title: string;
  question: string;
  option: { value: string }[];
  answers?: { option: string; value: string }[];
};

let sb: TestSandbox;
let grace: string;
let paul: string;
beforeAll(async () => {
  sb = await startSandbox();
  grace = await sb.login('listener@example.org', 'listen-2026');
  paul = await sb.login('partner@example.org', 'partner-2026');
});
afterAll(async () => {
  await sb.stop();
});

const questions = async (token: string) => (await sb.get<Question[]>('/survey-question', token)).body.data!;
const submit = (data: unknown, token = grace) => sb.post('/api/v6/home/submit-survey', { data }, token);
const pick = (option: string, value = option) => ({ option, value });
const valid = () => [
  { id: 1, feedback: [pick('During personal prayer or devotion'), pick('Other', '  On Sabbath afternoons  ')] },
  { id: 2, feedback: [pick('Traditional hymns'), pick('Contemporary worship'), pick('Instrumental accompaniment')] },
  { id: 3, feedback: [pick('Bibles and hymnals')] },
];

describe('the survey', () => {
  it('lists at least three questions; the last option is free text', async () => {
    const res = await sb.get<Question[]>('/survey-question', grace);
    expect(res.body.status).toBe(200);
    const list = res.body.data!;
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const q of list) {
      expect(Object.keys(q).sort()).toEqual(['id', 'option', 'question', 'title']); // no answers yet
      expect(q.option.length).toBeGreaterThanOrEqual(3);
      expect(['Other', 'Something else']).toContain(q.option.at(-1)!.value); // free text
    }
    expect(list[0]).toMatchObject({
      id: 1,
      title: 'Listening',
      question: 'When do you usually listen to sacred music?',
    });
    expect((await sb.get('/survey-question')).status).toBe(401);
  });

  it('checks every submission: whole survey, 1 to 3 known options, non-empty free text', async () => {
    const [q1, q2, q3] = valid() as [
      ReturnType<typeof valid>[0],
      ReturnType<typeof valid>[0],
      ReturnType<typeof valid>[0],
    ];
    const cases: [unknown, string][] = [
      [
        [
          {
            ...q1,
            feedback: [
              pick('Other', 'x'),
              pick('At church or choir practice'),
              pick('While working or studying'),
              pick('While commuting or travelling'),
            ],
          },
          q2,
          q3,
        ],
        'data.0.feedback: choose 1 to 3 options',
      ],
      [[{ ...q1, feedback: [] }, q2, q3], 'data.0.feedback: choose 1 to 3 options'],
      [
        [q1, { ...q2, feedback: [pick('Gregorian chant')] }, q3],
        'data.1.feedback.0.option: is not an option of question 2',
      ],
      [
        [q1, q2, { ...q3, feedback: [pick('Bibles and hymnals'), pick('Something else', '')] }],
        'data.2.feedback.1.value: is required for "Something else"',
      ],
      [
        [q1, q2, { ...q3, feedback: [pick('Something else', '   ')] }],
        'data.2.feedback.0.value: is required for "Something else"',
      ],
      [
        [q1, q2, { ...q3, feedback: [{ option: 'Something else' }] }],
        'data.2.feedback.0.value: is required for "Something else"',
      ],
      [
        [q1, q2, { ...q3, feedback: [pick('Something else', 'x'.repeat(501))] }],
        'data.2.feedback.0.value: must be at most 500 characters',
      ],
      [
        [q1, q2, { ...q3, feedback: [pick('Music education'), pick('Music education')] }],
        'data.2.feedback: an option is chosen twice',
      ],
      [[q1, q2], 'data: every question must be answered (missing 3)'],
      [[q1, q2, q3, { id: 99, feedback: [pick('Yes')] }], 'data.3.id: is not a question of this survey'],
      [[q1, q1, q2, q3], 'data.1.id: question 1 is answered twice'],
      [[{ ...q1, id: '1' }, q2, q3], 'data.0.id: must be a number'],
      ['all of them', 'data: must be an array'],
    ];
    for (const [data, message] of cases) {
      expect((await submit(data)).body, message).toEqual({ status: 400, message, errorCode: null });
    }
    expect((await sb.post('/api/v6/home/submit-survey', {}, grace)).body.message).toBe('data: is required');
    expect((await sb.post('/api/v6/home/submit-survey', { data: valid() })).status).toBe(401);
    expect((await questions(grace))[0]!.answers).toBeUndefined(); // nothing stored
  });

  it('stores the first answers, replaces them on a second submission, per person', async () => {
    expect((await submit(valid())).body).toEqual({ status: 200, message: 'Thank you for your answers.', data: null });
    const answered = await questions(grace);
    expect(answered.map((q) => q.answers)).toEqual([
      [pick('During personal prayer or devotion'), pick('Other', 'On Sabbath afternoons')],
      [pick('Traditional hymns'), pick('Contemporary worship'), pick('Instrumental accompaniment')],
      [pick('Bibles and hymnals')],
    ]);

    const changed = valid();
    changed[2] = { id: 3, feedback: [pick('Something else', 'Prison ministry')] };
    expect((await submit(changed.reverse())).body).toEqual({
      status: 200,
      message: 'Your answers were updated.',
      data: null,
    });
    expect((await questions(grace))[2]!.answers).toEqual([pick('Something else', 'Prison ministry')]);
    expect(sb.sandbox.db.prepare('SELECT COUNT(*) FROM survey_responses').pluck().get()).toBe(1);

    expect((await questions(paul)).every((q) => q.answers === undefined)).toBe(true);
    expect((await submit(valid(), paul)).body.message).toBe('Thank you for your answers.');
  });
});
