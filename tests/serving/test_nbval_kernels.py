"""The notebooks' kernels under nbval talk over Unix sockets, as the app's kernels do: over TCP
a kernel whose port was taken between Jupyter's pick and its bind died before it answered
(``Kernel died before replying to kernel_info``, one notebook in a CI run)."""
import json
import os

import nbval.kernel


def test_a_notebook_kernel_answers_over_a_unix_socket(tmp_path):
    kernel = nbval.kernel.RunningKernel(nbval.kernel.CURRENT_ENV_KERNEL_NAME, cwd=str(tmp_path))
    try:
        with open(kernel.km.connection_file) as file:
            connection = json.load(file)
        assert connection["transport"] == "ipc", connection
        assert os.path.isabs(connection["ip"]), "the kernel and its client share no cwd"
        reply = kernel.kc.execute_interactive("import os; assert os.getcwd() == %r" % str(tmp_path),
                                              timeout=30)
        assert reply["content"]["status"] == "ok", reply["content"]
    finally:
        kernel.stop()
