import type { Insertable } from 'kysely';
import type { ArticleTable, TagTable } from '../schema.ts';
import { artUrl, topicScene } from './art/scenes.ts';
import { createRng, DAY, HOUR, MINUTE } from './random.ts';
import { articleTagNames, type Topic, topics } from './topics.ts';

/** The product's own domain: article links there get the user token appended (spec §2). */
export const OWN_ARTICLE_HOST = 'https://lawline.example.com';

export function tagRows(): Insertable<TagTable>[] {
  return articleTagNames.map((name, index) => ({ name, sort: index + 1 }));
}

/** An article with the names of its tags (linked after insert, by subject and tag name). */
export type ArticleSeed = Insertable<ArticleTable> & { subject: string; tagNames: readonly string[] };

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const p = (text: string) => `<p>${esc(text)}</p>`;
const h3 = (text: string) => `<h3>${esc(text)}</h3>`;
const ul = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>`;

const disclaimer =
  '<p><strong>温馨提示：</strong>本文为普法演示内容，具体问题请结合实际情况咨询专业律师。</p>';

/** The four angles of a topic: key points, common mistakes, steps and a case. */
const angles: ReadonlyArray<{ summary: (t: Topic) => string; html: (t: Topic) => string }> = [
  {
    summary: (t) => `${t.intro}律师为你梳理${t.name}的${t.points.length}条核心规则。`,
    html: (t) => [p(t.intro), h3('核心规则'), ul(t.points), h3('律师提示'), p(t.tip), disclaimer].join(''),
  },
  {
    summary: (t) => `盘点${t.name}中的${t.mistakes.length}个常见误区，帮你少走弯路。`,
    html: (t) =>
      [
        p(`在${t.name}问题上，不少人凭经验办事，结果吃了亏。以下是律师在咨询中最常遇到的误区。`),
        h3('常见误区'),
        `<ul>${t.mistakes.map((m, i) => `<li><strong>误区${i + 1}：</strong>${esc(m)}</li>`).join('')}</ul>`,
        h3('正确理解'),
        ul(t.points.slice(0, 2)),
        p(t.tip),
        disclaimer,
      ].join(''),
  },
  {
    summary: (t) => `${t.name}问题怎么处理？律师整理了${t.steps.length}个步骤和一份材料清单。`,
    html: (t) =>
      [
        p(`${t.intro}遇到问题时，按照下面的步骤处理，可以少走很多弯路。`),
        h3('处理步骤'),
        ul(t.steps.map((s, i) => `第${i + 1}步：${s}`)),
        h3('需要准备的材料'),
        ul(t.evidence),
        p(t.tip),
        disclaimer,
      ].join(''),
  },
  {
    summary: (t) => t.story,
    html: (t) =>
      [
        h3('案情简介'),
        p(t.story),
        h3('律师分析'),
        ul(t.points.slice(1)),
        h3('处理结果'),
        p(t.outcome),
        h3('律师提示'),
        p(t.tip),
        '<p><strong>说明：</strong>本文案例为演示用虚构案例，人物均为化名。</p>',
      ].join(''),
  },
];

const editorialAuthors = ['律线编辑部', '律线法律研究组', '律线普法小组'];

/**
 * Every topic × every angle (16 × 4 = 64 articles). About 10 % live on an external example.com
 * page and a few on the product's own domain (content_html is then empty); created_at spreads
 * from minutes ago to 120 days ago, so the age text shows minutes, hours and days.
 */
export function articleSeeds(now: number, lawyerNames: readonly string[]): ArticleSeed[] {
  const rng = createRng(64_064);
  const base = topics.flatMap((topic) => angles.map((angle, a) => ({ topic, angle, a })));
  // Publication order: a shuffled permutation; position 0 is the newest.
  const order = rng.shuffle(base.map((_, i) => i));
  const ageRank = new Map(order.map((articleIndex, rank) => [articleIndex, rank]));
  const hot = new Set(
    rng.sample(
      base.map((_, i) => i),
      6,
    ),
  );
  const external = new Set(
    rng.sample(
      base.map((_, i) => i).filter((i) => !hot.has(i)),
      10,
    ),
  );
  const externalList = [...external].sort((x, y) => x - y);
  const ownDomain = new Set(externalList.slice(0, 3));

  return base.map(({ topic, angle, a }, index) => {
    const rank = ageRank.get(index) ?? index;
    const age =
      rank < 4
        ? rng.int(3, 55) * MINUTE
        : rank < 12
          ? rng.int(1, 23) * HOUR + rng.int(0, 59) * MINUTE
          : rng.int(1, 120) * DAY + rng.int(0, 23) * HOUR;
    const subject = topic.titles[a] ?? topic.name;
    const serial = index + 1;
    const infoUrl = ownDomain.has(index)
      ? `${OWN_ARTICLE_HOST}/articles/${serial}`
      : external.has(index)
        ? `https://www.example.com/law-guide/${topic.key}-${a + 1}.html`
        : '';
    const reads = hot.has(index)
      ? rng.int(20_000, 50_000)
      : Math.min(50_000, Math.round(10 * 10 ** (rng.next() * 3.3)));
    const author =
      a === 3 && lawyerNames.length > 0 ? `${rng.pick(lawyerNames)}律师` : rng.pick(editorialAuthors);
    return {
      subject,
      summary: angle.summary(topic),
      content_html: infoUrl === '' ? angle.html(topic) : '',
      info_url: infoUrl,
      h_cover_url: artUrl(topicScene(topic.key), [690, 388]),
      v_cover_url: artUrl(topicScene(topic.key), [300, 400]),
      reads_count: reads,
      author,
      is_hot: hot.has(index) ? 1 : 0,
      created_at: now - age,
      tagNames: topic.tags,
    };
  });
}
