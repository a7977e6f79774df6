package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.testkit.workloads.LmWorkload;
import org.junit.jupiter.api.Test;

/**
 * Which vertex codec the writer and the reader use, and the vector codec against the scalar one on
 * the testkit character and the official fixtures ({@link LmCodecsPropertiesTest} compares them
 * on random input). The build runs this class with
 * {@code --add-modules jdk.incubator.vector} (system property
 * {@code skinmesh.test.vectorModule=present}) and without it ({@code absent}), where the writer
 * must still load and fall back to scalar.
 */
class LmCodecsTest {
    private static boolean moduleInBootLayer() {
        return ModuleLayer.boot().findModule(LmCodecs.VECTOR_MODULE).isPresent();
    }

    private static LmCodec vector() {
        LmCodec vector = LmCodecs.VECTOR;
        assumeTrue(vector != null, "jdk.incubator.vector is not in the boot layer: only the scalar codec runs");
        return vector;
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
    void theVectorCodecIsUsedExactlyWhenTheModuleIsPresent() {
        // the build machines are little-endian with 128-bit SIMD, so the module is the only condition
        assertThat(LmCodecs.VECTOR == null).isEqualTo(!moduleInBootLayer());
        assertThat(LmCodecs.SELECTED).isSameAs(moduleInBootLayer() ? LmCodecs.VECTOR : ScalarLmCodec.INSTANCE);
    }

    @Test
    void theCharacterGivesTheSameFileThroughEitherCodec() {
        Mesh character = LmWorkload.character();
        for (LmConvention c : LmConvention.values()) {
            LmCodecsPropertiesTest.sameFileBothWays(character, LmWriteOptions.DEFAULTS.withConvention(c), vector());
        }
    }

    /** Each official file, read and written back through the vector codec, is the file byte for byte. */
    @Test
    void theFixturesAreWrittenBackByteForByteThroughTheVectorCodec() {
        LmCodec vector = vector();
        for (String name : new String[] {Fixtures.CUBE, Fixtures.CEILING, Fixtures.MONKEY, Fixtures.DAJIA}) {
            byte[] file = Fixtures.bytes(name);
            LmReadResult r = LayaModels.read(file, LmReadOptions.DEFAULTS);
            LmWriteResult w = LayaModels.write(r.mesh(), r.rewriteOptions());
            byte[] out = new byte[w.size()];
            w.writeInto(out, 0, vector);
            assertThat(out).as(name).isEqualTo(file);
            w.writeInto(out, 0, ScalarLmCodec.INSTANCE);
            assertThat(out).as(name).isEqualTo(file);
        }
    }

    /** The character and the official files read through either codec's clean pass give equal results. */
    @Test
    void theVectorCodecReadsWhatTheScalarCodecReads() {
        LmCodec vector = vector();
        byte[] character = LayaModels.write(LmWorkload.character()).bytes();
        for (LmConvention c : LmConvention.values()) {
            assertThat(LmReader.read(character, c, LmReader.Route.CLEAN, vector))
                    .isEqualTo(LmReader.read(character, c, LmReader.Route.CLEAN, ScalarLmCodec.INSTANCE));
        }
        for (String name : new String[] {Fixtures.CUBE, Fixtures.CEILING, Fixtures.MONKEY, Fixtures.DAJIA}) {
            byte[] file = Fixtures.bytes(name);
            assertThat(LmReader.read(file, LmConvention.LAYA, LmReader.Route.AUTO, vector)).as(name)
                    .isEqualTo(LmReader.read(file, LmConvention.LAYA, LmReader.Route.AUTO, ScalarLmCodec.INSTANCE));
        }
    }
}
