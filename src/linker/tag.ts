// The tagger's walk of a page: every text node outside the skipped elements
// is read (scan.ts) and each reference in it wrapped in a link, in passes of
// a bounded amount of text, the later ones when the browser is idle; text
// added or changed afterwards (a MutationObserver) is read the same way.
import { scanText, type FoundReference } from './scan.ts';

/**
 * Where no link is made: inside a link (a link in a link is invalid), code,
 * form fields and buttons, scripts and styles, editable text (a link would
 * change what the user edits), SVG and MathML (an HTML link breaks them),
 * and anything marked `.no-gita` (the tagger's own card is).
 */
export const SKIPPED =
  'a,code,pre,kbd,samp,var,script,style,noscript,template,textarea,input,select,option,button,svg,math,iframe,object,[contenteditable],.no-gita';

/** The work of one pass: characters of text, and STEP_COST (content/find-refs.ts) for each step of the reference grammar; the rest waits for the next pass (a text node longer than that is read in pieces). */
export const WORK_PER_PASS = 20_000;
/** What visiting a node costs the pass beyond its characters, so that a pass of many empty nodes ends too. */
const NODE_COST = 16;

export interface TagOptions {
  versesPerChapter: readonly number[];
  /** The link of a reference. */
  href(found: FoundReference): string;
}

export function startTagging(doc: Document, options: TagOptions) {
  /** What each text node held when it was last read (or made by a split): a node is read again only when its text changed. */
  const read = new WeakMap<Text, string>();
  /** The links made here: their insertion is no new text. */
  const made = new WeakSet<Node>();
  const queue: Node[] = [];
  const queued = new Set<Node>();
  let walker: TreeWalker | null = null;
  let scheduled = false;

  const isSkipped = (node: Node) => {
    const el = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
    return !el || el.closest(SKIPPED) !== null;
  };
  const unread = (t: Text) => read.get(t) !== t.data;
  const filter = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return unread(node as Text) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    // Rejected: none of its descendants is visited.
    return (node as Element).matches(SKIPPED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
  };

  /** Tag the references of one text node within `budget` of work (scan.ts); the work done. */
  const tagText = (node: Text, budget: number): number => {
    const text = node.data;
    const { refs, stop, work } = scanText(text, options.versesPerChapter, budget);
    // The unread rest becomes a node of its own just after this one: a walk comes to it next; a node read on its own queues it.
    if (stop < text.length) {
      const rest = node.splitText(stop);
      if (!walker) add(rest);
    }
    for (let i = refs.length - 1; i >= 0; i--) {
      const r = refs[i];
      const after = node.splitText(r.end);
      const inside = node.splitText(r.start);
      const link = doc.createElement('a');
      link.href = options.href(r);
      link.dataset.gitaRef = r.ref;
      link.className = 'gita-ref';
      made.add(link);
      inside.before(link);
      link.append(inside);
      read.set(after, after.data);
      read.set(inside, inside.data);
    }
    read.set(node, node.data);
    return work;
  };

  const pass = () => {
    scheduled = false;
    let budget = WORK_PER_PASS;
    while (budget > 0) {
      if (!walker) {
        const root = queue.shift();
        if (!root) break;
        queued.delete(root);
        if (!root.isConnected || isSkipped(root)) continue;
        if (root.nodeType === Node.TEXT_NODE) {
          if (unread(root as Text)) budget -= tagText(root as Text, budget) + NODE_COST;
          continue;
        }
        walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, { acceptNode: filter });
      }
      const node = walker.nextNode();
      if (!node) walker = null;
      else budget -= tagText(node as Text, budget) + NODE_COST;
    }
    schedule();
  };

  const schedule = () => {
    if (scheduled || (!walker && !queue.length)) return;
    scheduled = true;
    // When the page has nothing better to do, but within half a second.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(pass, { timeout: 500 });
    else setTimeout(pass, 0);
  };

  const add = (node: Node) => {
    if (queued.has(node)) return;
    queued.add(node);
    queue.push(node);
    schedule();
  };

  // Text added later, and text changed in place (a node this walk split is no change: its text is what was left in it).
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') {
        if (unread(r.target as Text)) add(r.target);
        continue;
      }
      for (const node of r.addedNodes) {
        if (made.has(node) || (node.nodeType === Node.TEXT_NODE && !unread(node as Text))) continue;
        if (node.nodeType === Node.ELEMENT_NODE || node.nodeType === Node.TEXT_NODE) add(node);
      }
    }
  }).observe(doc.body, { childList: true, subtree: true, characterData: true });

  add(doc.body);
}
