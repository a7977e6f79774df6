package io.github.skinmesh.cli;

import io.github.skinmesh.core.skinning.Skinning;
import java.util.Optional;

/** Which linear blend skinning kernel this JVM runs, in words for {@code --version} and notices. */
final class SkinningKernels {
    /** The JDK module of the SIMD kernel, added by {@code bin/skinmesh}. */
    static final String VECTOR_MODULE = "jdk.incubator.vector";

    private SkinningKernels() {
    }

    /** @return {@code "SIMD kernel"} or {@code "scalar kernel"} */
    static String name() {
        return Skinning.vectorKernelAvailable() ? "SIMD kernel" : "scalar kernel";
    }

    /** @return the kernel and what it needs or lacks: one line without a line break */
    static String describe() {
        if (Skinning.vectorKernelAvailable()) {
            return "SIMD kernel (" + VECTOR_MODULE + ")";
        }
        return "scalar kernel; " + whyNotSimd();
    }

    /**
     * @return the one-line notice a command prints on stderr before skinning with the scalar kernel,
     *     or empty when the SIMD kernel runs
     */
    static Optional<String> scalarNotice() {
        if (Skinning.vectorKernelAvailable()) {
            return Optional.empty();
        }
        return Optional.of("skinning with the scalar kernel; " + whyNotSimd());
    }

    private static String whyNotSimd() {
        if (ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent()) {
            return "the SIMD kernel cannot run on this JVM or CPU";
        }
        return "bin/skinmesh, or java --add-modules " + VECTOR_MODULE + ", runs the SIMD kernel";
    }
}
