package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.workloads.GltfWorkload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.annotations.Param;

/** Runs each benchmark body once per asset and checks its answer; the setup's failure. */
class GltfImportBenchTest {
    @ParameterizedTest
    @CsvSource({"CesiumMan.glb, 3273, 19, 1", "Fox.glb, 1728, 24, 3", "RiggedSimple.glb, 160, 2, 1"})
    void bodiesGiveTheAssetAndTheCopy(String asset, int vertices, int joints, int clips) throws IOException {
        assumeTrue(GltfWorkload.bytes(asset).isPresent(), SharedFiles.ABSENT);
        GltfImportBench b = new GltfImportBench();
        b.asset = asset;
        b.load();
        GltfImportBench.Bytes counter = new GltfImportBench.Bytes();
        GltfAsset a = b.importGlb(counter);
        assertThat(a.parts()).hasSize(1);
        assertThat(a.parts().get(0).mesh().vertexCount()).isEqualTo(vertices);
        assertThat(a.parts().get(0).mesh().skin().paletteSize()).isEqualTo(joints);
        assertThat(a.source(0).primitives()).hasSize(1);
        assertThat(a.clips()).hasSize(clips);
        assertThat(b.baselineArraycopy(counter)).isEqualTo(b.bytes);
        assertThat(counter.bytes).isEqualTo(2L * b.bytes.length);
    }

    @Test
    void theBenchmarkedAssetsAreTheWorkloads() throws NoSuchFieldException {
        assertThat(GltfImportBench.class.getField("asset").getAnnotation(Param.class).value())
                .containsExactlyElementsOf(GltfWorkload.ASSETS);
    }

    @Test
    void setupNamesAMissingAssetAndTheFolderItLookedIn() {
        Optional<Path> folder = SharedFiles.locate();
        assumeTrue(folder.isPresent(), SharedFiles.ABSENT);
        GltfImportBench b = new GltfImportBench();
        b.asset = "Missing.glb";
        assertThatThrownBy(b::load).isInstanceOf(IllegalStateException.class)
                .hasMessage("GltfImportBench needs assets/Missing.glb: not in " + folder.get());
    }
}
