//! `Env::load_bytes` reads a byte past the stores whose address certainly differs from the
//! read's (their unsigned ranges are apart, or one base plus two different constants) and
//! writes the stores that may meet it as `ite`s: the same value as the plain
//! read-over-write, without the chain for Z3 to case-split on.

use z3::ast::{Ast, BV};

fn byte_env_program() -> cminus::Program {
    let opts = cfront::Options { bytes: true, ..Default::default() };
    cfront::lower_str("t.c", "int main(void) { return 0; }\n", &opts).unwrap()
}

#[test]
fn a_read_skips_stores_at_addresses_apart_and_keeps_its_value() {
    let prog = byte_env_program();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    assert!(env.bytes());
    let base = env.named_mem("m0");
    let b = |v: u64| BV::from_u64(&ctx, v, 8);
    // a store at 0x2200 + 8 * zext(i) (an array item: 0x2200 ..= 0x29f8), one at an unknown
    // 64-bit address, and one at a constant
    let i = BV::new_const(&ctx, "i", 8);
    let item = env.int(0x2200).bvadd(&env.int(8).bvmul(&i.zero_ext(56)));
    let p = env.fresh_int("p");
    let over_item = base.store(&item, &b(7));
    fn read<'c>(env: &logic::Env<'_, 'c>, m: &z3::ast::Array<'c>, a: i64) -> BV<'c> {
        env.load_bytes(m, &env.int(a), 1)
    }
    let mut pr = logic::Prover::new(&ctx, std::time::Duration::from_secs(5));
    // apart from the item's range: the read goes to the base (no store in its term)
    let r = read(&env, &over_item, 0x1000);
    assert_eq!(r, env.load_bytes(&base, &env.int(0x1000), 1));
    assert!(pr.is_valid(&r._eq(&over_item.select(&env.int(0x1000)).as_bv().unwrap())));
    // inside the range: the store stays
    let inside = read(&env, &over_item, 0x2208);
    assert_ne!(inside, env.load_bytes(&base, &env.int(0x2208), 1));
    // an unknown address on top is a comparison: `ite(p = 0x1000, 9, …)`, and past it the
    // item's store is skipped as before
    let over_p = over_item.store(&p, &b(9));
    let r = read(&env, &over_p, 0x1000);
    let text = r.to_string();
    assert!(text.contains("ite") && !text.contains("store"), "{text}");
    assert!(pr.is_valid(&r._eq(&over_p.select(&env.int(0x1000)).as_bv().unwrap())));
    // one base plus two different constants never meet, whatever the base
    let q = env.fresh_int("q");
    let over_q = base.store(&q.bvadd(&env.int(1)), &b(3));
    let r = env.load_bytes(&over_q, &q.bvadd(&env.int(2)), 1);
    assert!(!r.to_string().contains("ite") && !r.to_string().contains("store"), "{r}");
    // … and the same base plus the same constant is the stored byte
    assert_eq!(env.load_bytes(&over_q, &q.bvadd(&env.int(1)), 1), b(3));
    // the stored byte itself where the store's address is the read's term
    let at = over_item.store(&env.int(0x1000), &b(5));
    assert_eq!(read(&env, &at, 0x1000), b(5));
    // a constant store past which the item's read goes (0x3000 is apart from the range)
    let two = over_item.store(&env.int(0x3000), &b(1));
    let r = env.load_bytes(&two, &item, 1);
    assert!(pr.is_valid(&r._eq(&b(7))), "{r}");
}
