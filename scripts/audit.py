"""``make audit``: run pip-audit on the pinned requirements and say plainly what it could check.

pip-audit asks a vulnerability service (PyPI's JSON API by default) about every pinned
package. Where that service cannot be reached, pip-audit skips the packages and still says
"No known vulnerabilities found"; this script counts what was really audited and prints one
of three verdicts: vulnerabilities found (listed), none found in N audited packages, or
nothing audited because the service could not be reached. Always exits 0: it informs, it is
not a CI gate.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    command = [str(Path(sys.executable).with_name("pip-audit")), "--progress-spinner", "off", "--format", "json",
               "-r", str(ROOT / "requirements-dev.txt")]
    print("audit: " + " ".join(command[0:1] + command[3:]).replace(str(ROOT) + "/", ""))
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"audit: pip-audit could not run ({exc.__class__.__name__}: {exc}); nothing was audited.")
        return 0
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        print("audit: pip-audit gave no report; nothing was audited. Its last words:")
        print("\n".join(run.stderr.strip().splitlines()[-5:]))
        return 0
    dependencies = report.get("dependencies", [])
    audited = [d for d in dependencies if not d.get("skip_reason")]
    skipped = [d for d in dependencies if d.get("skip_reason")]
    vulnerable = [d for d in audited if d.get("vulns")]
    if not audited:
        reason = skipped[0]["skip_reason"] if skipped else "no packages listed"
        print(f"audit: NOTHING AUDITED: the vulnerability service could not answer for any of the {len(skipped)} "
              f"packages (e.g. {reason}). This is no evidence either way; run `make audit` where PyPI's JSON API "
              "or OSV can be reached.")
        return 0
    for dependency in vulnerable:
        for vuln in dependency["vulns"]:
            fixed = ", ".join(vuln.get("fix_versions", [])) or "no fixed version"
            print(f"  {dependency['name']} {dependency['version']}: {vuln['id']} (fixed in {fixed})")
    print(f"audit: {len(audited)} packages audited, {len(skipped)} skipped, "
          f"{sum(len(d['vulns']) for d in vulnerable)} known vulnerabilities in {len(vulnerable)} packages.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
