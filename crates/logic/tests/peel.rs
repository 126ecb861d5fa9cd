//! `Env::peel_stores`: a memory that is its base with stores at constant addresses becomes the
//! base with one fact per address (the last store wins); any other memory is left alone.

use z3::ast::{Ast, Bool, BV};

#[test]
fn constant_stores_become_facts_about_the_base() {
    let prog = cfront::lower_str("t.c", "int main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let base = env.named_mem("m0");
    // a cell's value: a byte in byte memory, 64 bits in the typed model
    let byte = |v: u64| if env.bytes() { BV::from_u64(&ctx, v, 8) } else { env.int(v as i64) };
    let at = |a: i64| env.int(a);
    // 0x100 := 1, 0x101 := 2, 0x100 := 3 (the last write wins), through an unfolded sum
    let sum = env.int(0x100).bvadd(&env.int(1));
    let m = base.store(&at(0x100), &byte(1)).store(&sum, &byte(2)).store(&at(0x100), &byte(3));
    let facts = env.peel_stores(&m, &base).expect("constant addresses only");
    assert_eq!(facts.len(), 2);
    let mut pr = logic::Prover::new(&ctx, std::time::Duration::from_secs(5));
    let all: Vec<&Bool> = facts.iter().collect();
    let facts = Bool::and(&ctx, &all);
    // the facts say what the stores make the memory hold
    for (a, v) in [(0x100, 3), (0x101, 2)] {
        assert!(pr.implies(&facts, &env.select(&base, &at(a))._eq(&byte(v))), "{a:#x}");
        assert!(pr.is_valid(&env.select(&m, &at(a))._eq(&byte(v))), "{a:#x}");
    }
    // and nothing about other addresses
    assert!(!pr.implies(&facts, &env.select(&base, &at(0x102))._eq(&byte(0))));
    // a store at a symbolic address: not peeled
    let x = env.fresh_int("x");
    let n = m.store(&x, &byte(9));
    assert!(env.peel_stores(&n, &base).is_none());
    // nor memory that does not come from the base
    assert!(env.peel_stores(&m, &env.named_mem("other")).is_none());
}

/// A cell's value: a byte in byte memory, 64 bits in the typed model.
fn cell<'c>(env: &logic::Env<'_, 'c>, v: u64) -> BV<'c> {
    if env.bytes() {
        BV::from_u64(env.ctx, v, 8)
    } else {
        env.int(v as i64)
    }
}

/// A base memory and the facts of 1, 2, 3 stored at 0x100, 0x101, 0x102 over it.
fn three_facts<'c>(env: &logic::Env<'_, 'c>) -> (z3::ast::Array<'c>, Vec<Bool<'c>>) {
    let base = env.named_mem("m0");
    let at = |a: i64| env.int(a);
    let m = base.store(&at(0x100), &cell(env, 1)).store(&at(0x101), &cell(env, 2)).store(&at(0x102), &cell(env, 3));
    let facts = env.peel_stores(&m, &base).unwrap();
    (base, facts)
}

/// `Env::observable_facts`: a path that reads the base only at constant addresses (also
/// through stores) keeps the facts at those addresses; a read at a symbolic address, or a
/// use of the base other than a read, keeps every fact.
#[test]
fn only_the_facts_a_path_reads_are_kept() {
    let prog = cfront::lower_str("t.c", "int main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let (base, facts) = three_facts(&env);
    let byte = |v: u64| cell(&env, v);
    let at = |a: i64| env.int(a);
    assert_eq!(facts.len(), 3);
    let x = env.fresh_int("x");
    // a read at 0x101 through a store at a symbolic address, and a read at an unfolded sum
    let later = base.store(&x, &byte(7));
    let path = [
        env.select(&later, &at(0x101))._eq(&byte(2)),
        env.select(&base, &env.int(0x100).bvadd(&env.int(2)))._eq(&byte(3)),
    ];
    let kept = env.observable_facts(&base, &facts, &path);
    assert_eq!(kept.len(), 2);
    let mut pr = logic::Prover::new(&ctx, std::time::Duration::from_secs(5));
    let all: Vec<&Bool> = kept.iter().collect();
    assert!(pr.implies(&Bool::and(&ctx, &all), &env.select(&base, &at(0x101))._eq(&byte(2))));
    assert!(!pr.implies(&Bool::and(&ctx, &all), &env.select(&base, &at(0x100))._eq(&byte(1))));
    // a read at a symbolic address may meet any fact
    let sym = [env.select(&base, &x)._eq(&byte(1))];
    assert_eq!(env.observable_facts(&base, &facts, &sym).len(), 3);
    // a path that never reads the base needs none
    assert!(env.observable_facts(&base, &facts, &[x._eq(&at(5))]).is_empty());
}

/// `Env::split_facts`: the facts at the constant addresses a path reads are kept; with a read
/// at a symbolic address the others are pending, each with its address, and the read's
/// address is returned for a model to evaluate.
#[test]
fn facts_a_symbolic_read_may_meet_are_pending() {
    let prog = cfront::lower_str("t.c", "int main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let (base, facts) = three_facts(&env);
    let byte = |v: u64| cell(&env, v);
    let at = |a: i64| env.int(a);
    let x = env.fresh_int("x");
    let path = [env.select(&base, &at(0x100))._eq(&byte(1)), env.select(&base, &x)._eq(&byte(3))];
    let split = env.split_facts(&base, &facts, &path);
    assert_eq!(split.kept.len(), 1);
    let mut pending: Vec<u64> = split.pending.iter().map(|(a, _)| *a).collect();
    pending.sort_unstable();
    assert_eq!(pending, vec![0x101, 0x102]);
    assert_eq!(split.reads.len(), 1);
    assert_eq!(split.reads[0].to_string(), x.to_string());
    // only constant reads: nothing is pending that the path could meet
    let split = env.split_facts(&base, &facts, &path[..1]);
    assert!(split.reads.is_empty());
}
