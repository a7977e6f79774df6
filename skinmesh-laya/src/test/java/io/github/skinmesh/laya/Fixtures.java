package io.github.skinmesh.laya;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The official LayaAir files of the shared folder; tests that need them are skipped, saying why, without it. */
final class Fixtures {
    static final String CUBE = "unity_default_resources-Cube.lm";
    static final String CEILING = "light_celing_1-light_celing_1.lm";
    static final String MONKEY = "LayaMonkey-LayaMonkey.lm";
    static final String DAJIA = "dajia-business01_m_lowpoly.lm";

    private Fixtures() {
    }

    static byte[] bytes(String name) {
        Optional<Path> file = SharedFiles.file("fixtures/laya/" + name);
        assumeTrue(file.isPresent(), SharedFiles.ABSENT + " (needs fixtures/laya/" + name + ")");
        try {
            return Files.readAllBytes(file.get());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] resource(String name) {
        try (var in = Fixtures.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + name + " is missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
