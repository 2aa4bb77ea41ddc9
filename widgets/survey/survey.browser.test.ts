/// <reference types="mocha" />
import { expect } from 'chai';
import '../../widgets/survey/survey.element';
import { HELD_ANSWERS } from '../../widgets/survey/survey';
import { surveyQuestionList, surveySubmission } from '../../shared/api/testing';
import { connectionFor } from '../../shared/session/connection';
import {
  byRole,
  expectAccessible,
  fakeApiPerTest,
  fixture,
  ok,
  text,
  type,
  waitFor,
} from '../../tests/element/support';

const questions = surveyQuestionList();

function boxes(el: HTMLElement) {
  return [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
}

const { session } = connectionFor('');

describe('<sm-survey>', () => {
  const serve = fakeApiPerTest({ signedIn: true });

  it('asks one question at a time, 1 to 3 choices, free text for the last option, then thanks', async () => {
    let sent: unknown;
    serve({
      'GET /survey-question': () => ok(questions),
      'POST /api/v6/home/submit-survey': (init) => {
        sent = JSON.parse(String(init.body));
        return ok(null);
      },
    });
    const el = await fixture('<sm-survey></sm-survey>');
    await waitFor(() => text(el).includes('1 of 2'));
    expect(text(el)).to.contain('Select a max of 3 choices only');
    const next = () => byRole(el, 'button', 'Next') as HTMLButtonElement;
    expect(next().disabled).to.equal(true);
    await expectAccessible(el);
    boxes(el)[0]!.click();
    boxes(el)[1]!.click();
    boxes(el)[2]!.click();
    await waitFor(() => boxes(el)[3]!.disabled);
    expect(next().disabled).to.equal(false);
    next().click();
    await waitFor(() => text(el).includes('2 of 2'));
    boxes(el)[2]!.click();
    const area = await waitFor(() => el.shadowRoot!.querySelector('textarea'));
    expect(area.placeholder).to.equal('Type your answer');
    type(area, 'Choral anthems');
    await waitFor(() => !next().disabled);
    next().click();
    await waitFor(() => text(el).includes('Thank You for Participating in Our Survey'));
    expect(sent).to.deep.equal(surveySubmission('Choral anthems'));
    await expectAccessible(el);
  });

  it("holds the question's places while the questions load, laid out as a question: five answers and Next", async () => {
    let answer: () => void = () => {};
    serve({ 'GET /survey-question': () => new Promise((done) => (answer = () => done(ok(questions)))) });
    const el = await fixture('<sm-survey></sm-survey>');
    const held = await waitFor(() => el.shadowRoot!.querySelector('[aria-hidden="true"]'));
    expect(held.querySelectorAll('fieldset.sm-options legend.sm-skeleton-line').length).to.equal(1);
    expect(held.querySelectorAll('.sm-option.sm-skeleton-line').length).to.equal(HELD_ANSWERS);
    expect(held.querySelectorAll('.sm-button.sm-skeleton-line').length).to.equal(1);
    answer();
    await waitFor(() => text(el).includes('1 of 2'));
    expect(el.shadowRoot!.querySelector('.sm-skeleton-line')).to.equal(null);
  });

  it("keeps every answer's box the same size and in line, an answer that wraps on a phone too", async () => {
    const [first, ...rest] = surveyQuestionList();
    const long = 'During personal prayer or devotion, alone or with family';
    serve({
      'GET /survey-question': () => ok([{ ...first!, option: [{ value: long }, ...first!.option.slice(1)] }, ...rest]),
    });
    const el = await fixture('<sm-survey style="display: block; width: 320px"></sm-survey>');
    await waitFor(() => text(el).includes(long));
    const label = boxes(el)[0]!.closest('label')!;
    expect(label.getBoundingClientRect().height, 'the long answer wraps').to.be.greaterThan(60);
    const places = boxes(el).map((box) => box.getBoundingClientRect());
    for (const place of places) {
      expect(Math.round(place.width)).to.equal(20);
      expect(Math.round(place.left)).to.equal(Math.round(places[0]!.left));
    }
  });

  it('shows an empty list with the error when the list fails, and loading ends', async () => {
    serve({ 'GET /survey-question': () => ({ status: 500, body: { status: 500, message: 'Internal error' } }) });
    const el = await fixture('<sm-survey></sm-survey>');
    await waitFor(() => text(el).includes('Internal error'));
    expect(text(el)).not.to.contain('please wait...');
  });

  it('closes through the app deep link when opened from the app', async () => {
    session.setFromApps(true);
    serve({ 'GET /survey-question': () => ok(questions) });
    const el = await fixture('<sm-survey></sm-survey>');
    const links: string[] = [];
    const listener = (event: Event) => {
      event.preventDefault();
      links.push((event as CustomEvent<{ url: string }>).detail.url);
    };
    document.addEventListener('sm-app-link', listener);
    try {
      byRole(el, 'button', 'Close survey').click();
      expect(links).to.deep.equal(['smapp://survey_done']);
    } finally {
      document.removeEventListener('sm-app-link', listener);
    }
  });
});
