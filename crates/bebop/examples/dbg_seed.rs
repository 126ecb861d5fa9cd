fn main() {
    let args: Vec<String> = std::env::args().collect();
    let src = if args[1] == "-f" {
        std::fs::read_to_string(&args[2]).unwrap()
    } else {
        bp::print(&bp::gen::program(args[1].parse().unwrap()))
    };
    println!("{src}");
    let (_, cfg) = bp::load(&src).unwrap();
    for (i, n) in cfg.nodes.iter().enumerate() {
        println!("{i}: [{}] {} next={:?} {:?}", cfg.procs[n.proc].name, n.text, n.next, n.labels);
    }
    let target: usize = args.last().unwrap().parse().unwrap();
    let opts = bebop::Options {
        live_ranges: std::env::var("LR").is_err(),
        mod_ref: std::env::var("MR").is_err(),
        cancel: None,
    };
    let mut an = bebop::check(&cfg, &opts);
    let r = bebop::explicit::analyse(&cfg);
    println!("dist {:?}", r.shortest_distances()[target]);
    let t = an.trace_to(&[target]).unwrap();
    for s in &t.steps {
        println!(
            "{}{} {} {:?}",
            "  ".repeat(s.depth),
            s.node,
            cfg.nodes[s.node].text,
            s.state.iter().map(|&(v, b)| format!("{}={}", cfg.var_name(v), b as u8)).collect::<Vec<_>>()
        );
    }
    println!("{:?}", bebop::explicit::replay(&cfg, &t));
}
