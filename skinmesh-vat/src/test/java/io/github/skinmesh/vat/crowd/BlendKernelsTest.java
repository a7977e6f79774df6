package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.internal.HardwareHalf;
import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.testkit.SplitMix64;
import org.junit.jupiter.api.Test;

/**
 * Which blend kernel crowds use, and the vector kernel against the scalar one. The build runs this
 * class with {@code --add-modules jdk.incubator.vector} (system property
 * {@code skinmesh.test.vectorModule=present}) and without it ({@code absent}), where crowds must
 * still load and fall back to scalar.
 */
class BlendKernelsTest {
    private static boolean moduleInBootLayer() {
        return ModuleLayer.boot().findModule(BlendKernels.VECTOR_MODULE).isPresent();
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
    void theVectorKernelIsUsedExactlyWhenTheModuleIsPresent() {
        // the CI machines have 128-bit SIMD, so presence of the module is the only condition
        assertThat(BlendKernels.VECTOR == null).isEqualTo(!moduleInBootLayer());
        assertThat(BlendKernels.FLOATS).isSameAs(moduleInBootLayer() ? BlendKernels.VECTOR : ScalarBlendKernel.INSTANCE);
        int feature = Runtime.version().feature();
        assertThat(BlendKernels.hardwareHalves()).as("runtime conversion for halves on JDK %d, module %s", feature,
                moduleInBootLayer()).isEqualTo(feature >= 25 || feature >= 20 && !moduleInBootLayer());
        if (BlendKernels.hardwareHalves()) {
            assertThat(BlendKernels.SELECTED).isInstanceOf(HardwareHalfBlendKernel.class);
            assertThat(((HardwareHalfBlendKernel) BlendKernels.SELECTED).floats()).isSameAs(BlendKernels.FLOATS);
        } else {
            assertThat(BlendKernels.SELECTED).isSameAs(BlendKernels.FLOATS);
        }
    }

    /**
     * Every length from 0 to 70 (whole vectors and every tail) at shifting offsets, over values of
     * every magnitude a palette may hold (zeros, subnormal and normal halves, both signs, up to
     * 65504) and weights 0..1: the same float and half bits as the scalar kernel, whose halves are
     * core's rounding.
     */
    @Test
    void theVectorKernelWritesTheScalarKernelsBits() {
        BlendKernel vector = BlendKernels.VECTOR;
        assumeTrue(vector != null, "jdk.incubator.vector is not in the boot layer: only the scalar kernel runs");
        writesTheScalarKernelsBits(vector);
    }

    /** The same for the kernel that rounds halves with the runtime's conversion. */
    @Test
    void theHardwareHalfKernelWritesTheScalarKernelsBits() {
        assumeTrue(HardwareHalf.available(), "no Float.floatToFloat16 before Java 20: this runtime is "
                + Runtime.version());
        writesTheScalarKernelsBits(new HardwareHalfBlendKernel(BlendKernels.FLOATS));
        writesTheScalarKernelsBits(new HardwareHalfBlendKernel(ScalarBlendKernel.INSTANCE));
    }

    @Test
    void theHardwareHalfKernelExistsFromJava20On() {
        assertThat(HardwareHalf.available()).isEqualTo(Runtime.version().feature() >= 20);
        if (!HardwareHalf.available()) {
            assertThatThrownBy(() -> new HardwareHalfBlendKernel(ScalarBlendKernel.INSTANCE))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("Java 20 or later");
        }
    }

    private static void writesTheScalarKernelsBits(BlendKernel vector) {
        SplitMix64 rng = new SplitMix64(2048);
        float[] src = new float[400];
        for (int i = 0; i < src.length; i++) {
            float magnitude = (float) Math.pow(2, rng.range(-30, 15.99f));
            src[i] = rng.nf() < 0.05f ? 0 : (rng.nf() < 0.5f ? -magnitude : magnitude);
        }
        src[7] = 65504;
        src[8] = -65504;
        src[9] = -0f;
        for (int n = 0; n <= 70; n++) {
            for (int trial = 0; trial < 8; trial++) {
                int a = rng.nextInt(0, src.length - 71);
                int b = rng.nextInt(0, src.length - 71);
                float w = trial == 0 ? 1 : rng.nf();
                int d = rng.nextInt(0, 9);
                float[] expectedFloats = new float[d + n + 3];
                float[] actualFloats = new float[d + n + 3];
                ScalarBlendKernel.INSTANCE.blend(src, a, b, w, expectedFloats, d, n);
                vector.blend(src, a, b, w, actualFloats, d, n);
                assertThat(CrowdPalettesTest.bits(actualFloats)).as("float blend n=%d a=%d b=%d w=%s", n, a, b, w)
                        .isEqualTo(CrowdPalettesTest.bits(expectedFloats));
                short[] expected = new short[d + n + 3];
                short[] actual = new short[d + n + 3];
                ScalarBlendKernel.INSTANCE.blend(src, a, b, w, expected, d, n);
                vector.blend(src, a, b, w, actual, d, n);
                assertThat(actual).as("blend n=%d a=%d b=%d w=%s", n, a, b, w).isEqualTo(expected);
                ScalarBlendKernel.INSTANCE.copy(src, a, expected, d, n);
                vector.copy(src, a, actual, d, n);
                assertThat(actual).as("copy n=%d a=%d", n, a).isEqualTo(expected);
                for (int k = 0; k < n; k++) {
                    assertThat(actual[d + k]).isEqualTo(HalfFloats.toHalf(src[a + k]));
                }
            }
        }
    }

    /**
     * The vector kernel's rounding to half over every float exponent the crowd accepts, each with
     * every pattern of the 13 bits that rounding drops and several patterns of the 10 kept ones,
     * both signs, laid out so that each pattern falls in every lane position: the same bits as
     * core's {@link HalfFloats#toHalf}, through {@code copy} and through {@code blend} of two
     * equal frames (whose blend is the value itself, {@code -0} turned into {@code +0}).
     */
    @Test
    void theVectorKernelRoundsEveryDroppedBitPatternAsCoreDoes() {
        BlendKernel vector = BlendKernels.VECTOR;
        assumeTrue(vector != null, "jdk.incubator.vector is not in the boot layer: only the scalar kernel runs");
        roundsEveryDroppedBitPatternAsCoreDoes(vector);
    }

    /** The same for the kernel that rounds halves with the runtime's conversion. */
    @Test
    void theHardwareHalfKernelRoundsEveryDroppedBitPatternAsCoreDoes() {
        assumeTrue(HardwareHalf.available(), "no Float.floatToFloat16 before Java 20: this runtime is "
                + Runtime.version());
        roundsEveryDroppedBitPatternAsCoreDoes(new HardwareHalfBlendKernel(BlendKernels.FLOATS));
    }

    private static void roundsEveryDroppedBitPatternAsCoreDoes(BlendKernel vector) {
        int last = Float.floatToRawIntBits(HalfFloats.HALF_OVERFLOW_THRESHOLD) - 1;
        SplitMix64 rng = new SplitMix64(1024);
        int[] kept = {0, 0x3ff, 0x2aa, 0x155, rng.nextInt(0, 0x3ff), rng.nextInt(0, 0x3ff), rng.nextInt(0, 0x3ff)};
        int run = (1 << 13) + 1; // odd, so that a pattern's lane moves from one exponent to the next
        float[] src = new float[2 * run];
        short[] copied = new short[run];
        short[] blended = new short[run];
        long checked = 0;
        for (int exponent = 0; exponent <= last >>> 23; exponent++) {
            for (int high : kept) {
                for (int sign : new int[] {0, 0x80000000}) {
                    for (int low = 0; low < run; low++) {
                        int bits = Math.min(exponent << 23 | high << 13 | (low & 0x1fff), last);
                        src[low] = Float.intBitsToFloat(sign | bits);
                        src[run + low] = Float.intBitsToFloat(sign | bits);
                    }
                    vector.copy(src, 0, copied, 0, run);
                    vector.blend(src, run, 0, 0.375f, blended, 0, run);
                    for (int k = 0; k < run; k++) {
                        float x = src[run + k];
                        short expected = HalfFloats.toHalf(src[k]);
                        short expectedBlend = HalfFloats.toHalf(x + 0.375f * (src[k] - x));
                        if (copied[k] != expected || blended[k] != expectedBlend) {
                            assertThat(new short[] {copied[k], blended[k]}).as("float bits %08x",
                                    Float.floatToRawIntBits(src[k])).containsExactly(expected, expectedBlend);
                        }
                    }
                    checked += run;
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000_000L);
    }
}
