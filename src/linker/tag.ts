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
  const walk = new Walk(doc, options);
  // Text added later, and text changed in place (a node this walk split is no change: its text is what was left in it).
  new MutationObserver((records) => walk.changed(records)).observe(doc.body, { childList: true, subtree: true, characterData: true });
  walk.add(doc.body);
}

const isSkipped = (node: Node) => {
  const el = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  return !el || el.closest(SKIPPED) !== null;
};

/** The walk of one page: the nodes waiting to be read, the walk under way, and what was read. */
class Walk {
  /** What each text node held when it was last read (or made by a split): a node is read again only when its text changed. */
  private readonly read = new WeakMap<Text, string>();
  /** The links made here: their insertion is no new text. */
  private readonly made = new WeakSet<Node>();
  private readonly queue: Node[] = [];
  private readonly queued = new Set<Node>();
  private walker: TreeWalker | null = null;
  private scheduled = false;

  constructor(
    private readonly doc: Document,
    private readonly options: TagOptions,
  ) {}

  /** Read `node` (a text, or the texts under an element) in a later pass. */
  add(node: Node): void {
    if (this.queued.has(node)) return;
    this.queued.add(node);
    this.queue.push(node);
    this.schedule();
  }

  /** What the page's MutationObserver saw: text changed in place, and nodes added that this walk did not make. */
  changed(records: MutationRecord[]): void {
    for (const r of records) {
      if (r.type === 'characterData') {
        if (this.unread(r.target as Text)) this.add(r.target);
        continue;
      }
      for (const node of r.addedNodes) {
        if (this.made.has(node) || (node.nodeType === Node.TEXT_NODE && !this.unread(node as Text))) continue;
        if (node.nodeType === Node.ELEMENT_NODE || node.nodeType === Node.TEXT_NODE) this.add(node);
      }
    }
  }

  private unread(t: Text): boolean {
    return this.read.get(t) !== t.data;
  }

  private filter(node: Node): number {
    if (node.nodeType === Node.TEXT_NODE) return this.unread(node as Text) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    // Rejected: none of its descendants is visited.
    return (node as Element).matches(SKIPPED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
  }

  private schedule(): void {
    if (this.scheduled || (!this.walker && !this.queue.length)) return;
    this.scheduled = true;
    const pass = () => this.pass();
    // When the page has nothing better to do, but within half a second.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(pass, { timeout: 500 });
    else setTimeout(pass, 0);
  }

  /** Read texts until the pass's work is done or nothing is left, then schedule the next pass. */
  private pass(): void {
    this.scheduled = false;
    let budget = WORK_PER_PASS;
    while (budget > 0) {
      if (!this.walker) {
        const root = this.queue.shift();
        if (!root) break;
        this.queued.delete(root);
        if (!root.isConnected || isSkipped(root)) continue;
        if (root.nodeType === Node.TEXT_NODE) {
          if (this.unread(root as Text)) budget -= this.tagText(root as Text, budget) + NODE_COST;
          continue;
        }
        this.walker = this.doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, { acceptNode: (node) => this.filter(node) });
      }
      const node = this.walker.nextNode();
      if (!node) this.walker = null;
      else budget -= this.tagText(node as Text, budget) + NODE_COST;
    }
    this.schedule();
  }

  /** Tag the references of one text node within `budget` of work (scan.ts); the work done. */
  private tagText(node: Text, budget: number): number {
    const text = node.data;
    const { refs, stop, work } = scanText(text, this.options.versesPerChapter, budget);
    // The unread rest becomes a node of its own just after this one: a walk comes to it next; a node read on its own queues it.
    if (stop < text.length) {
      const rest = node.splitText(stop);
      if (!this.walker) this.add(rest);
    }
    for (let i = refs.length - 1; i >= 0; i--) this.wrap(node, refs[i]);
    this.read.set(node, node.data);
    return work;
  }

  /** Make a link of the reference `r` found in `node`, the texts around it read already. */
  private wrap(node: Text, r: FoundReference): void {
    const after = node.splitText(r.end);
    const inside = node.splitText(r.start);
    const link = this.doc.createElement('a');
    link.href = this.options.href(r);
    link.dataset.gitaRef = r.ref;
    link.className = 'gita-ref';
    this.made.add(link);
    inside.before(link);
    link.append(inside);
    this.read.set(after, after.data);
    this.read.set(inside, inside.data);
  }
}
