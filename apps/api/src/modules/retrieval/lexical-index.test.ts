import { describe, expect, it } from 'vitest';
import { LexicalIndex, aggregateByDocument } from './lexical-index';

const chunks = [
  { id: 'a', heading: 'Refunds', text: 'You can ask for a refund within 30 days of purchase.' },
  { id: 'b', heading: 'Shipping', text: 'Orders ship within two business days from Berlin.' },
  { id: 'c', heading: 'Accounts', text: 'Reset your password from the sign-in page.' },
  { id: 'd', heading: 'Produkte', text: 'Unsere Häuser werden aus Holz gebaut.' },
  { id: 'e', heading: '退货', text: '购买后三十天内可以申请退款。' },
];

describe('LexicalIndex', () => {
  it('when a query names a topic, then the chunk about it ranks first', () => {
    const index = new LexicalIndex();
    index.add(chunks);
    expect(index.search('how do I get my money back? refunds', 3)[0]?.id).toBe('a');
    expect(index.search('reset password', 3)[0]?.id).toBe('c');
    expect(index.search('Haus aus Holz', 3)[0]?.id).toBe('d');
    expect(index.search('退款', 3)[0]?.id).toBe('e');
  });

  it('when text contains words named like object properties, then they index as words', () => {
    const index = new LexicalIndex();
    index.add([
      {
        id: 'p',
        heading: 'Constructor',
        text: 'The constructor builds a prototype valueOf house.',
      },
      { id: 'q', text: 'Nothing special here.' },
    ]);
    expect(index.search('constructor prototype', 2)[0]?.id).toBe('p');
    expect(Number.isFinite(index.search('constructor', 1)[0]?.score)).toBe(true);
    expect(index.search('toString', 1)).toEqual([]);
  });

  it('when the tokenizer forgets its words between two additions, then chunks added before and after still meet a query', () => {
    const index = new LexicalIndex();
    index.add([{ id: 'before', text: 'Refunds arrive within five days.' }]);
    // More distinct words than the tokenizer keeps, so its term numbers start again.
    const crowd = Array.from({ length: 210_000 }, (_, n) => `q${n.toString(36)}z`).join(' ');
    new LexicalIndex().add([{ id: 'crowd', text: crowd }]);
    index.add([{ id: 'after', text: 'Shipping takes five days; refunds too.' }]);
    const found = index.search('refunds five days', 5).map((hit) => hit.id);
    expect(found.sort()).toEqual(['after', 'before']);
    expect(index.search('shipping', 5).map((hit) => hit.id)).toEqual(['after']);
    // 210,000 new words take about a second alone, and over 5 s beside CI's other suites.
  }, 30_000);

  it('when a chunk is removed, then it is never returned again', () => {
    const index = new LexicalIndex();
    index.add(chunks);
    expect(index.remove('a')).toBe(true);
    expect(index.remove('a')).toBe(false);
    expect(index.search('refund', 5).map((hit) => hit.id)).not.toContain('a');
    expect(index.size).toBe(chunks.length - 1);
  });

  it('when many chunks are removed, then the survivors still score as in a fresh index', () => {
    const many = Array.from({ length: 200 }, (_, n) => ({
      id: `n${n}`,
      text: `note ${n} about topic ${n % 7} and colour ${n % 3 === 0 ? 'red' : 'blue'}`,
    }));
    const index = new LexicalIndex();
    index.add(many);
    for (let n = 0; n < 150; n++) index.remove(`n${n}`);
    const fresh = new LexicalIndex();
    fresh.add(many.slice(150));
    expect(index.search('red topic 3', 10)).toEqual(fresh.search('red topic 3', 10));
  });

  it('when a question misspells a word or joins two, then the passage that holds them still ranks first', () => {
    const index = new LexicalIndex();
    index.add([
      ...chunks,
      { id: 'f', text: 'Comb jellies, the ctenophores, hunt with sticky cells.' },
      { id: 'g', text: 'Die Funk Wellen erreichten den Atlantik erst spät.' },
    ]);
    expect(index.search('what do ctenphores hunt with', 3)[0]?.id).toBe('f');
    expect(index.search('Wann erreichten Funkwellen den Atlantik?', 3)[0]?.id).toBe('g');
    expect(index.search('shiping from Berlin', 3)[0]?.id).toBe('b');
    // A word of the index is read as it is, even when a longer one is one edit away.
    expect(index.search('ship', 3).map((hit) => hit.id)).toEqual(['b']);
  });
});

describe('LexicalIndex across the two Chinese scripts', () => {
  it('when the passages are in one script and the question in the other, then the right one comes first', () => {
    const index = new LexicalIndex();
    index.add([
      { id: 'hours-simplified', text: '营业时间：台北门市每天上午十点到晚上九点营业。' },
      { id: 'returns-simplified', text: '退货须在收到商品后七天内办理，运费由顾客负担。' },
      { id: 'shipping-traditional', text: '運送：訂單滿一千元免運費，三個工作天內送達。' },
      { id: 'payment-traditional', text: '付款方式：信用卡、轉帳或超商付款。' },
    ]);
    expect(index.search('你們的營業時間是幾點？', 2)[0]?.id).toBe('hours-simplified');
    expect(index.search('退貨要在幾天內辦理？', 2)[0]?.id).toBe('returns-simplified');
    expect(index.search('订单满多少免运费？', 2)[0]?.id).toBe('shipping-traditional');
    expect(index.search('可以用信用卡或转账付款吗？', 2)[0]?.id).toBe('payment-traditional');
  });
});

describe('LexicalIndex reads sentences', () => {
  const filler = ['Opening hours are posted online.', 'Tickets are sold at the gate.'];
  const passages = [
    { id: 'x', text: 'Anna founded the museum in Lyon. The bridge opened in 1901.' },
    { id: 'y', text: 'Anna founded the bridge in Lyon. The museum opened in 1901.' },
    ...filler.map((text, n) => ({ id: `f${n}`, text })),
  ];

  it('when two passages hold the same words, then the one with a sentence holding the question leads', () => {
    const index = new LexicalIndex();
    index.add(passages);
    expect(index.search('When did the museum open?', 2).map((hit) => hit.id)).toEqual(['y', 'x']);
    expect(index.search('Who founded the museum?', 2).map((hit) => hit.id)).toEqual(['x', 'y']);
    // Without the sentences the two tie, and the first added leads either way.
    const wordsOnly = new LexicalIndex({ sentenceWeight: 0 });
    wordsOnly.add(passages);
    expect(wordsOnly.search('When did the museum open?', 2).map((hit) => hit.id)).toEqual([
      'x',
      'y',
    ]);
  });

  it('when a search asks for fewer passages, then its first ones are the same', () => {
    const index = new LexicalIndex();
    index.add(passages);
    const all = index.search('When did the museum open in Lyon?', 10);
    expect(index.search('When did the museum open in Lyon?', 1)).toEqual(all.slice(0, 1));
  });

  it('when a question writes a word in another form than the passage, then the passage sharing its letters leads', () => {
    const passages = [
      { id: 'boxes', text: 'Die Boxen für Sky Digital zeigen auch Filme.' },
      { id: 'launch', text: 'Sky Digital ging im Jahr 1998 an den Start.' },
      { id: 'other', text: 'Die Kanäle werden im Format MPEG-4 ausgestrahlt.' },
    ];
    const texts = new Map(passages.map((passage) => [passage.id, passage.text]));
    const withGrams = new LexicalIndex({}, (id) => texts.get(id));
    withGrams.add(passages);
    expect(withGrams.search('Wann startete Sky Digital?', 2)[0]?.id).toBe('launch');
    // Without the texts, "startete" meets nothing ("Start" stems apart): the words alone prefer the
    // other passage.
    const wordsOnly = new LexicalIndex();
    wordsOnly.add(passages);
    expect(wordsOnly.search('Wann startete Sky Digital?', 2)[0]?.id).toBe('boxes');
  });

  it('when a search asks for one passage, then the four-grams still read as deep as for many', () => {
    const passages = [
      ...Array.from({ length: 11 }, (_, n) => ({
        id: `boxes${n}`,
        text: `Die Boxen für Sky Digital zeigen auch Filme ${n + 1}.`,
      })),
      { id: 'launch', text: 'Sky Digital ging im Jahr 1998 an den Start.' },
    ];
    const texts = new Map(passages.map((passage) => [passage.id, passage.text]));
    const index = new LexicalIndex({}, (id) => texts.get(id));
    index.add(passages);
    expect(index.search('Wann startete Sky Digital?', 30)[0]?.id).toBe('launch');
    expect(index.search('Wann startete Sky Digital?', 1)[0]?.id).toBe('launch');
  });

  it('when a German question names a compound, then the passage with its other form ranks first', () => {
    const index = new LexicalIndex();
    index.add([
      { id: 'rail', text: 'Zwei Touristenstrecken fahren auf Schmalspurschienen durch die Berge.' },
      { id: 'state', text: 'Die Eisenbahn in Victoria fährt hauptsächlich auf der Breitspur.' },
    ]);
    expect(index.search('Wo fahren die Schmalspurbahnen?', 2)[0]?.id).toBe('rail');
  });

  it('when a German question holds a compound no passage writes, then its two parts count as one word, not two', () => {
    const index = new LexicalIndex();
    index.add([
      { id: 'parts', text: 'Die Bevölkerung wächst, die Größe bleibt.' },
      { id: 'city', text: 'Warschau hat ein neues Zentrum mit vielen Parks und breiten Straßen.' },
      ...['Der Zug fährt um neun.', 'Das Museum öffnet am Morgen.', 'Die Brücke ist alt.'].map(
        (text, n) => ({ id: `f${n}`, text }),
      ),
    ]);
    // "Bevölkerungsgröße" is read as "Bevölkerung" and "Größe" (whose stem differs from the word).
    const ranked = index.search('Wie ist die Bevölkerungsgröße im Zentrum von Warschau?', 3);
    expect(ranked.map((hit) => hit.id).slice(0, 2)).toEqual(['city', 'parts']);
  });

  it('when a web page hyphenates a word invisibly, then the passage reads as with the word whole', () => {
    const passages = [
      // "Datenschutz&shy;erklärung" on a German site: a soft hyphen where the word may break.
      { id: 'hyphenated', text: 'Die Datenschutz\u00aderklärung steht unten auf jeder Seite.' },
      { id: 'whole', text: 'Die Datenschutzerklärung steht unten auf jeder Seite.' },
      ...['Der Zug fährt um neun.', 'Das Museum öffnet am Morgen.'].map((text, n) => ({
        id: `f${n}`,
        text,
      })),
    ];
    const texts = new Map(passages.map((passage) => [passage.id, passage.text]));
    const index = new LexicalIndex({}, (id) => texts.get(id));
    index.add(passages);
    // A question pasted with a zero-width space inside the word reads as the word, too.
    for (const question of ['Datenschutzerklärung', 'Datenschutz\u200berklärung']) {
      const [first, second] = index.search(question, 2);
      expect([first?.id, second?.id].sort()).toEqual(['hyphenated', 'whole']);
      expect(first?.score).toBe(second?.score);
    }
  });

  it('when a Spanish visitor types a verb without its accent, then the passage that writes it with one ranks first', () => {
    const index = new LexicalIndex();
    index.add([
      // Listed first, so a tie would go to it.
      { id: 'sang', text: 'El poeta cantó el himno nacional.' },
      { id: 'wrote', text: 'El poeta escribió el himno nacional.' },
      { id: 'city', text: 'La ciudad tiene un puerto.' },
    ]);
    expect(index.search('¿Qué poeta escribio el himno?', 1)[0]?.id).toBe('wrote');
    expect(index.search('¿Qué poeta escribió el himno?', 1)[0]?.id).toBe('wrote');
  });

  it('when a Spanish visitor types a noun without its accent, then the passage that writes it with one ranks first', () => {
    const index = new LexicalIndex();
    index.add([
      // Listed first and shorter, so a tie would go to it.
      { id: 'country', text: 'La independencia del país llegó tarde.' },
      {
        id: 'declaration',
        text: 'La declaración de independencia se leyó en la plaza y todos los vecinos estaban allí.',
      },
      { id: 'city', text: 'La ciudad tiene un puerto.' },
    ]);
    // Snowball's Spanish removes "-ación" only with its accent: "declaración" is indexed as "declar".
    expect(index.search('declaracion de independencia', 1)[0]?.id).toBe('declaration');
    expect(index.search('declaración de independencia', 1)[0]?.id).toBe('declaration');
  });

  it('when a Romanian visitor types a verb without its diacritics, then the passage that writes them ranks first', () => {
    const index = new LexicalIndex();
    index.add([
      // Listed first and sharing "comanda", so a tie would go to it.
      { id: 'delivery', text: 'Comanda se livrează rapid în toată țara, în două zile.' },
      { id: 'payment', text: 'Puteți plăti comanda cu cardul sau în numerar la livrare.' },
      { id: 'city', text: 'Orașul are un port și o gară.' },
    ]);
    // "plătiți" and "plăti" are indexed as "plat"; typed "platiti", it was "platit", two edits away.
    expect(index.search('Cum platiti comanda?', 1)[0]?.id).toBe('payment');
    expect(index.search('Cum plătiți comanda?', 1)[0]?.id).toBe('payment');
  });

  it('when an Arabic visitor types without hamza or with a dotted final yeh, then the passage that writes them ranks first', () => {
    const index = new LexicalIndex();
    index.add([
      // Listed first and sharing "الطلب" (the order), so a tie would go to it.
      { id: 'delivery', text: 'يصل الطلب خلال ثلاثة أيام عمل إلى جميع المدن.' },
      { id: 'cancel', text: 'يمكن إلغاء الطلب مجاناً قبل شحنه من صفحة حسابك.' },
      { id: 'clinic', text: 'تقع العيادة بجوار المستشفى الرئيسي في وسط المدينة.' },
      { id: 'city', text: 'المدينة فيها ميناء ومحطة قطار.' },
    ]);
    // Typed "الغاء", Snowball's Arabic reads its "ال" as the article ("غاء"); the site's "إلغاء" is
    // "الغاء".
    expect(index.search('كيف الغاء الطلب؟', 1)[0]?.id).toBe('cancel');
    expect(index.search('كيف إلغاء الطلب؟', 1)[0]?.id).toBe('cancel');
    // "مستشفى" stemmed "مستشفي", a visitor's "مستشفي" "مستشف".
    expect(index.search('اين المستشفي؟', 1)[0]?.id).toBe('clinic');
  });

  it('when a German question pairs a long common word with a short rare one, then the rare one decides', () => {
    const passages = [
      { id: 'turbine', text: 'Eine Dampfturbine hat Rotoren auf einer Welle.' },
      { id: 'naming', text: 'Die Bezeichnung stammt aus dem Lateinischen.' },
      { id: 'title', text: 'Seine Bezeichnung im Titel war neu.' },
      { id: 'label', text: 'Jede Bezeichnung auf dem Paket ist kurz.' },
      ...['Der Zug fährt um neun.', 'Das Museum öffnet am Morgen.', 'Die Brücke ist alt.'].map(
        (text, n) => ({ id: `f${n}`, text }),
      ),
      ...['Im Sommer ist es warm.', 'Der Hafen liegt im Norden.', 'Das Dorf hat eine Kirche.'].map(
        (text, n) => ({ id: `g${n}`, text }),
      ),
    ];
    const index = new LexicalIndex();
    index.add(passages);
    const question = 'Was ist eine andere Bezeichnung für Rotoren?';
    expect(index.search(question, 1)[0]?.id).toBe('turbine');
    // Counted as a second word, the compound's beginning let "Bezeichnung" outweigh "Rotoren".
    const countedTwice = new LexicalIndex({ compoundHeadWeight: 1 });
    countedTwice.add(passages);
    expect(countedTwice.search(question, 1)[0]?.id).not.toBe('turbine');
  });
});

describe('LexicalIndex updated in place', () => {
  const topics = ['refund', 'shipping', 'password', 'invoice', 'warranty', 'delivery', 'account'];
  const chunkOf = (n: number, version = 0) => ({
    id: `c${n}v${version}`,
    heading: `Section ${topics[n % topics.length]}`,
    // Two sentences, so that what each chunk keeps of its sentences moves with it too.
    text: `Note ${n} explains the ${topics[(n * 3) % topics.length]} policy. Then the ${
      topics[(n * 5 + version) % topics.length]
    } steps, version ${version}.`,
  });
  const queries = ['refund policy', 'shipping delivery steps', 'password account', 'warranty 12'];
  const same = (updated: LexicalIndex, fresh: LexicalIndex) => {
    for (const query of queries) {
      const got = updated.search(query, 20);
      const want = fresh.search(query, 20);
      expect(got.map((hit) => hit.id)).toEqual(want.map((hit) => hit.id));
      got.forEach((hit, n) => expect(hit.score).toBeCloseTo(want[n]!.score, 9));
    }
  };

  it('when one document changes after the index was searched, then it ranks as a full rebuild', () => {
    const index = new LexicalIndex();
    index.add(Array.from({ length: 300 }, (_, n) => chunkOf(n)));
    index.prepare();
    expect(index.search('refund policy', 5)).toHaveLength(5);
    // Document 7 is re-indexed (new chunk ids, as ingestion writes) and two documents arrive.
    index.remove('c7v0');
    index.add([chunkOf(7, 1), chunkOf(300), chunkOf(301)]);

    const fresh = new LexicalIndex();
    fresh.add([
      ...Array.from({ length: 300 }, (_, n) => chunkOf(n)).filter((chunk) => chunk.id !== 'c7v0'),
      chunkOf(7, 1),
      chunkOf(300),
      chunkOf(301),
    ]);
    same(index, fresh);
    expect(index.search('version 1', 3).map((hit) => hit.id)).toContain('c7v1');
  });

  it('when many documents change, then postings rebuilt and compacted still rank as a rebuild', () => {
    const index = new LexicalIndex();
    const live = new Map(Array.from({ length: 400 }, (_, n) => [n, chunkOf(n)]));
    index.add(live.values());
    index.prepare();
    for (let n = 0; n < 400; n += 2) {
      index.remove(`c${n}v0`);
      live.delete(n);
      live.set(n + 1000, chunkOf(n, 2));
      index.add([chunkOf(n, 2)]);
      if (n % 50 === 0) index.search('refund', 3);
    }
    const fresh = new LexicalIndex();
    fresh.add(live.values());
    same(index, fresh);
  });
});

describe('aggregateByDocument', () => {
  it('when a document has several chunks, then it appears once with its best score', () => {
    const hits = [
      { id: 'x#0', score: 9 },
      { id: 'y#1', score: 8 },
      { id: 'x#1', score: 7 },
      { id: 'y#0', score: 1 },
    ];
    const documentOf = (id: string) => id.split('#')[0]!;
    expect(aggregateByDocument(hits, documentOf)).toEqual([
      { id: 'x', score: 9 },
      { id: 'y', score: 8 },
    ]);
    expect(aggregateByDocument(hits, documentOf, 'top2').map((hit) => hit.id)).toEqual(['x', 'y']);
  });
});
