//! A timing of the interpreter on loop-heavy programs (run by hand: `--ignored`).

const SRC: &str = r#"
struct node { int key; struct node *next; char name[6]; };
struct node pool[64];
int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
int main(void) {
  int a[100];
  unsigned h = 0;
  for (int r = 0; r < 200; r++) {
    for (int i = 0; i < 100; i++) a[i] = i * r;
    h += sum(a, 100);
    for (int i = 0; i < 63; i++) { pool[i].key = i + r; pool[i].next = &pool[i + 1]; pool[i].name[i % 6] = (char)i; }
    struct node *p = &pool[0];
    while (p->next) { h = h * 31 + p->key; p = p->next; }
  }
  return h & 0x7f;
}
"#;

#[test]
#[ignore]
fn interp_speed() {
    let p = cfront::lower_str("b.c", SRC, &cfront::Options::default()).unwrap();
    let t = std::time::Instant::now();
    let mut steps = 0;
    for _ in 0..5 {
        let r = cminus::interp::run(&p, &[], 100_000_000);
        steps += r.trace.len();
        assert!(matches!(r.outcome, cminus::interp::Outcome::Returned(_)), "{:?}", r.outcome);
    }
    let s = t.elapsed().as_secs_f64();
    println!("{steps} statements in {s:.3} s: {:.1} M statements/s", steps as f64 / s / 1e6);
}
