//! The examples of the Bebop paper: Fig. 1 and the T(N) template of Fig. 4.

use bebop::{check, Options, Trace};
use bp::cfg::Cfg;

fn load(src: &str) -> Cfg {
    bp::load(src).map_err(|e| format!("{e:?}")).unwrap().1
}

/// The statement lines of a trace, in execution order.
fn lines(cfg: &Cfg, t: &Trace) -> Vec<u32> {
    t.steps.iter().filter(|s| cfg.nodes[s.node].is_statement()).map(|s| cfg.nodes[s.node].pos.line).collect()
}

fn state_of(cfg: &Cfg, t: &Trace, i: usize) -> Vec<(String, bool)> {
    let steps: Vec<_> = t.steps.iter().filter(|s| cfg.nodes[s.node].is_statement()).collect();
    steps[i].state.iter().map(|(v, b)| (cfg.var_name(*v).to_string(), *b)).collect()
}

const FIG1: &str = include_str!("../../../corpus/bp/fig1.bp");

fn all_options() -> Vec<Options> {
    let mut v = Vec::new();
    for live_ranges in [true, false] {
        for mod_ref in [true, false] {
            v.push(Options { live_ranges, mod_ref, cancel: None });
        }
    }
    v
}

#[test]
fn fig1_label_r_is_reachable_with_the_papers_trace() {
    let cfg = load(FIG1);
    for opts in all_options() {
        let mut an = check(&cfg, &opts);
        let r = cfg.label_nodes("R");
        assert!(an.is_reachable(r[0]));
        let t = an.trace_to(&r).expect("R is reachable");
        // Fig. 1 lists the path in reverse; this is its execution order.
        let expected = [6, 7, 20, 21, 20, 24, 22, 8, 9, 20, 21, 20, 24, 22, 10, 11, 12];
        assert_eq!(lines(&cfg, &t), expected, "options {opts:?}");
        // g = 1 at main's entry.
        assert!(state_of(&cfg, &t, 0).contains(&("g".to_string(), true)), "{:?}", state_of(&cfg, &t, 0));
    }
}

#[test]
fn fig1_with_g_initially_0_makes_r_unreachable() {
    let src = FIG1.replace("  h := !g;", "  assume(!g); h := !g;");
    let cfg = load(&src);
    for opts in all_options() {
        let mut an = check(&cfg, &opts);
        let r = cfg.label_nodes("R");
        assert!(!an.is_reachable(r[0]));
        assert!(an.trace_to(&r).is_none());
    }
}

/// The T(N) template of the paper's Fig. 4 (`assume_g`: main starts with `assume(g)`).
fn t_of_n(n: usize, assume_g: bool) -> String {
    let mut s = String::from("decl g;\nvoid main()\nbegin\n");
    if assume_g {
        s.push_str("  assume(g);\n");
    }
    s.push_str("  level1();\n  level1();\n  if(!g) then\n    reach: skip;\n  else\n    skip;\n  fi\nend\n");
    for i in 1..=n {
        let inner = if i == n { "skip".to_string() } else { format!("level{}()", i + 1) };
        s.push_str(&format!(
            "void level{i}()\nbegin\n  decl a,b,c;\n  if(g) then\n    a,b,c := 0,0,0;\n    while(!a|!b|!c) do\n      if (!a) then\n        a := 1;\n      elsif (!b) then\n        a,b := 0,1;\n      elsif (!c) then\n        a,b,c := 0,0,1;\n      fi\n    od\n  else\n    {inner}; {inner};\n  fi\n  g := !g;\nend\n"
        ));
    }
    s
}

#[test]
fn t_of_n_reach_is_reachable_exactly_when_g_starts_at_0() {
    for n in [1, 2, 5, 17, 60] {
        for opts in all_options() {
            let cfg = load(&t_of_n(n, false));
            let mut an = check(&cfg, &opts);
            let reach = cfg.label_nodes("reach");
            let t = an.trace_to(&reach).unwrap_or_else(|| panic!("T({n}): reach is reachable"));
            // The trace starts with g = 0 at main's entry.
            assert!(state_of(&cfg, &t, 0).contains(&("g".to_string(), false)), "T({n}) {:?}", state_of(&cfg, &t, 0));
            assert_eq!(lines(&cfg, &t).last(), Some(&7), "T({n}) ends at reach (line 7)");
            let cfg = load(&t_of_n(n, true));
            let an = check(&cfg, &opts);
            assert!(!an.is_reachable(cfg.label_nodes("reach")[0]), "T({n}) with g = 1 at the start");
        }
    }
}

/// A cancelled fixpoint stops and says so: its answers are not to be used.
#[test]
fn cancelled_fixpoint_is_incomplete() {
    let cfg = load(FIG1);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let an = check(&cfg, &Options { cancel: Some(flag), ..Options::default() });
    assert!(!an.complete());
    assert!(check(&cfg, &Options::default()).complete());
}
