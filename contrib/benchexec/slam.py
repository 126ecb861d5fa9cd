# This file is part of slam, a software model checker for C in the line of SLAM.
# SPDX-License-Identifier: MIT
"""BenchExec tool-info module for slam.

Copy (or symlink) this file into BenchExec's `benchexec/tools/` directory, or put this
folder on PYTHONPATH and name the tool `slam` in a benchmark definition, e.g.

    <benchmark tool="slam" timelimit="60 s" memlimit="4 GB" cpuCores="1">
      <rundefinition name="cartesian"/>
      <rundefinition name="boolean"><option name="--abstraction">boolean</option></rundefinition>
      <tasks name="ReachSafety"><includesfile>../sv-benchmarks/c/ReachSafety-Loops.set</includesfile>
        <propertyfile>../sv-benchmarks/c/properties/unreach-call.prp</propertyfile></tasks>
    </benchmark>

slam is run as `slam check --format svcomp [--property PRP] [options] TASK`, where TASK is
the task's C file (or its task-definition .yml file) and PRP the property file; the first
line of its output is the verdict in SV-COMP's words: TRUE, FALSE(unreach-call) or
UNKNOWN (FALSE(unreach-label) for a label). slam checks unreach-call and unreach-label (`G ! label(L)`, as `--error-label L`) and
answers UNKNOWN for any other property.

A FALSE answer is confirmed by running the program built by gcc on the counterexample's
inputs (`--confirm exec`, slam's default): a run that does not reach the error makes the
answer UNKNOWN. The line `# confirmation: …` says how the answer was confirmed; a table
definition shows it with `<column title="confirmation">confirmation</column>`
(`get_value_from_output`).

The executable is looked up in the tool directory's `target/release` (a source checkout)
and in the tool directory itself (`--tool-directory` pointing at `target/release` or at an
unpacked release that holds only the binary).
"""

import os

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """slam: CEGAR with predicate abstraction (c2bp), BDD model checking (Bebop) and path
    simulation (Newton)."""

    REQUIRED_PATHS = []

    def executable(self, tool_locator):
        try:
            return tool_locator.find_executable("slam", subdir="target/release")
        except benchexec.tools.template.ToolNotFoundException:
            return tool_locator.find_executable("slam")

    def name(self):
        return "slam"

    def project_url(self):
        return None

    def version(self, executable):
        # `slam --version` prints "slam X.Y.Z".
        return self._version_from_tool(executable, arg="--version").replace("slam", "").strip()

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "check", "--format", "svcomp"]
        if task.property_file and "--property" not in options:
            cmd += ["--property", task.property_file]
        data_model = None
        if isinstance(task.options, dict):
            data_model = task.options.get("data_model")
        if data_model == "ILP32" and "--ilp32" not in options:
            cmd.append("--ilp32")
        if rlimits.cputime and "--timeout" not in options:
            # Leave BenchExec a margin to collect the answer.
            cmd += ["--timeout", str(max(1, int(rlimits.cputime) - 2))]
        # SV-COMP labels unreach-call as if no overflow happened (tasks whose programs
        # overflow carry no unreach-call property): a path through undefined arithmetic is
        # no path (slam check task.yml chooses the same from the task file).
        prop = os.path.basename(task.property_file or "")
        if prop.startswith("unreach-call") and "--undefined" not in options:
            cmd += ["--undefined", "assume-none"]
        return cmd + list(options) + list(task.input_files_or_identifier)

    def get_value_from_output(self, output, identifier):
        # `confirmation`: how slam confirmed a FALSE answer ("confirmed by execution (gcc
        # 12.2.0, -O0)", "confirmed by slam's interpreter only: …").
        if identifier == "confirmation":
            for line in output:
                line = line.strip()
                if line.startswith("# confirmation: "):
                    return line[len("# confirmation: ") :]
        return None

    def determine_result(self, run):
        for line in run.output:
            line = line.strip()
            if line == "TRUE":
                return result.RESULT_TRUE_PROP
            if line.startswith("FALSE(unreach-call)"):
                return result.RESULT_FALSE_REACH
            if line.startswith("FALSE(") and line.endswith(")"):
                # another property slam checks (unreach-label), in BenchExec's form
                return result.RESULT_FALSE_PROP + line[len("FALSE") :].lower()
            if line.startswith("FALSE"):
                return result.RESULT_FALSE_PROP
            if line.startswith("UNKNOWN"):
                return result.RESULT_UNKNOWN
        if run.was_timeout:
            return "TIMEOUT"
        if run.exit_code.value == 2:
            return result.RESULT_ERROR + " (input rejected)"
        return result.RESULT_ERROR
