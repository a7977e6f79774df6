package io.github.skinmesh.cli;

import java.nio.file.Path;
import java.util.List;

/**
 * A process for {@link InstallationIT}: starts writing an output, says so on stdout, then blocks
 * mid-write until it is killed. Lets a test send SIGTERM while a temporary output file exists.
 */
final class HangingWrite {
    private HangingWrite() {
    }

    public static void main(String[] args) throws Exception {
        Outputs outputs = new Outputs(List.of());
        outputs.write(Path.of(args[0]), out -> {
            out.write(new byte[1024]);
            out.flush();
            System.out.println("writing");
            System.out.flush();
            try {
                Thread.sleep(120_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        outputs.commit();
    }
}
