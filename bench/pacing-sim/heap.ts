// A binary min-heap of timed events (ties keep insertion order, so runs are deterministic).

export interface Timed {
  at: number;
}

export class EventQueue<T extends Timed> {
  private items: { event: T; order: number }[] = [];
  private counter = 0;

  get size(): number {
    return this.items.length;
  }

  push(event: T): void {
    this.items.push({ event, order: this.counter++ });
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): T | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (!top || !last) return undefined;
    if (this.items.length > 0) {
      this.items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < this.items.length && this.less(left, smallest)) smallest = left;
        if (right < this.items.length && this.less(right, smallest)) smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top.event;
  }

  peek(): T | undefined {
    return this.items[0]?.event;
  }

  private less(a: number, b: number): boolean {
    const x = this.items[a]!;
    const y = this.items[b]!;
    return x.event.at < y.event.at || (x.event.at === y.event.at && x.order < y.order);
  }

  private swap(a: number, b: number): void {
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
  }
}
