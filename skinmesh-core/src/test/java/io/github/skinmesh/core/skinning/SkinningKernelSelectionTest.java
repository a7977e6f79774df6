package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Which linear blend kernel runs. The build runs this class twice: with
 * {@code --add-modules jdk.incubator.vector} (system property {@code skinmesh.test.vectorModule=present})
 * and without it ({@code absent}), where the library must still load and fall back to scalar.
 */
class SkinningKernelSelectionTest {
    private static boolean moduleInBootLayer() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    @Test
    void theBuildRunsThisClassWithAndWithoutTheIncubatorModule() {
        String expected = System.getProperty("skinmesh.test.vectorModule", "");
        if (expected.equals("present")) {
            assertThat(moduleInBootLayer()).as("jdk.incubator.vector in the boot layer").isTrue();
        } else if (expected.equals("absent")) {
            assertThat(moduleInBootLayer()).as("jdk.incubator.vector in the boot layer").isFalse();
        }
    }

    @Test
    void theVectorKernelIsAvailableExactlyWhenTheModuleIsPresent() {
        // the CI machines have 128-bit SIMD, so presence of the module is the only condition
        assertThat(Skinning.vectorKernelAvailable()).isEqualTo(moduleInBootLayer());
        assertThat(LbsKernels.VECTOR == null).isEqualTo(!moduleInBootLayer());
    }

    @Test
    void autoPicksTheVectorKernelWhenAvailableAndScalarOtherwise() {
        LbsKernel auto = LbsKernels.select(SkinningKernel.AUTO);
        assertThat(auto.name()).startsWith(Skinning.vectorKernelAvailable() ? "vector" : "scalar");
    }

    @Test
    void scalarIsChosenWhenAsked() {
        assertThat(LbsKernels.select(SkinningKernel.SCALAR)).isSameAs(ScalarLbsKernel.INSTANCE);
    }

    @Test
    void vectorIsChosenWhenAskedAndAvailable() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Skinning.vectorKernelAvailable());
        assertThat(LbsKernels.select(SkinningKernel.VECTOR).name()).startsWith("vector");
    }
}
