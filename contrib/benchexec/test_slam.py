#!/usr/bin/env python3
"""Checks contrib/benchexec/slam.py against BenchExec's own classes (pip install benchexec):
command line for a task with options, and the verdicts parsed from `--format svcomp` output.
usage: python3 contrib/benchexec/test_slam.py [path/to/slam]"""
import os
import subprocess
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchexec.result as result  # noqa: E402
import slam  # noqa: E402

tool = slam.Tool()
assert tool.name() == "slam"
task = types.SimpleNamespace(
    input_files_or_identifier=["t.c"], options={"language": "C", "data_model": "ILP32"}, property_file="u.prp"
)
# unreach-call is checked as SV-COMP labels it: no path through undefined arithmetic
ur = types.SimpleNamespace(input_files_or_identifier=["t.c"], options=None, property_file="p/unreach-call.prp")
assert tool.cmdline("slam", [], ur, types.SimpleNamespace(cputime=None)) == [
    "slam", "check", "--format", "svcomp", "--property", "p/unreach-call.prp", "--undefined", "assume-none", "t.c"
]
rl = types.SimpleNamespace(cputime=60)
cmd = tool.cmdline("slam", ["--abstraction", "boolean"], task, rl)
assert cmd == [
    "slam", "check", "--format", "svcomp", "--property", "u.prp", "--ilp32", "--timeout", "58",
    "--abstraction", "boolean", "t.c",
], cmd


def res(lines, code=0, timeout=False):
    run = types.SimpleNamespace(output=lines, was_timeout=timeout, exit_code=types.SimpleNamespace(value=code))
    return tool.determine_result(run)


assert res(["FALSE(no-overflow)"]) == result.RESULT_FALSE_PROP + "(no-overflow)"
assert res(["TRUE", "# no error"]) == result.RESULT_TRUE_PROP
assert res(["FALSE(unreach-call)"], 10) == result.RESULT_FALSE_REACH
assert res(["FALSE(unreach-label)"], 10) == "false(unreach-label)"
assert res(["FALSE"], 10) == result.RESULT_FALSE_PROP
assert res(["UNKNOWN", "# time limit"], 5) == result.RESULT_UNKNOWN
assert res(["UNKNOWN: unsupported"], 5) == result.RESULT_UNKNOWN
assert res([], 2) == "ERROR (input rejected)"
assert res([], 1) == result.RESULT_ERROR
assert res([], -1, timeout=True) == "TIMEOUT"
conf = ["FALSE(unreach-call)", "# reach_error", "# confirmation: confirmed by execution (gcc 12.2.0, -O0)"]
assert tool.get_value_from_output(conf, "confirmation") == "confirmed by execution (gcc 12.2.0, -O0)"
assert tool.get_value_from_output(["TRUE"], "confirmation") is None

if len(sys.argv) > 1:
    binary = sys.argv[1]
    out = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    print("slam --version:", out.strip())
    assert tool.version(binary) == out.strip().replace("slam", "").strip(), tool.version(binary)
    here = os.path.dirname(os.path.abspath(__file__))
    c = os.path.join(here, "..", "..", "corpus", "c", "svcomp_header.c")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        prps = {
            "unreach-call.prp": ("CHECK( init(main()), LTL(G ! call(reach_error())) )\n", result.RESULT_FALSE_REACH),
            "no-overflow.prp": ("CHECK( init(main()), LTL(G ! overflow) )\n", result.RESULT_TRUE_PROP),
            "termination.prp": ("CHECK( init(main()), LTL(F end) )\n", result.RESULT_UNKNOWN),
            "valid-memsafety.prp": (
                "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n",
                result.RESULT_UNKNOWN,
            ),
        }
        for name, (text, want) in prps.items():
            prp = os.path.join(tmp, name)
            with open(prp, "w") as f:
                f.write(text)
            task = types.SimpleNamespace(input_files_or_identifier=[c], options=None, property_file=prp)
            cmd = tool.cmdline(binary, [], task, types.SimpleNamespace(cputime=None))
            p = subprocess.run(cmd, capture_output=True, text=True)
            got = res(p.stdout.splitlines(), p.returncode)
            assert got == want, (name, got, p.stdout)
        # Bad input: the answer BenchExec's other tool-info modules give.
        bad = os.path.join(tmp, "bad.c")
        with open(bad, "w") as f:
            f.write("int main(void) { return 0 }\n")
        task = types.SimpleNamespace(input_files_or_identifier=[bad], options=None, property_file=None)
        p = subprocess.run(tool.cmdline(binary, [], task, types.SimpleNamespace(cputime=None)), capture_output=True, text=True)
        assert res(p.stdout.splitlines(), p.returncode) == "ERROR (input rejected)", (p.returncode, p.stdout)
        # A tool directory holding only the binary.
        import shutil

        import benchexec.tools.template as template

        only = os.path.join(tmp, "release")
        os.mkdir(only)
        shutil.copy(binary, os.path.join(only, "slam"))
        found = tool.executable(template.BaseTool2.ToolLocator(tool_directory=only))
        assert os.path.samefile(found, os.path.join(only, "slam")), found
print("benchexec tool-info module: all checks passed")
