package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Workload {@code lm}: writing and reading LayaAir {@code .lm} files. Its inputs are the testkit
 * character of {@link PartitionWorkload} (combined, one submesh per material) partitioned at
 * {@value PartitionWorkload#MAX_BONES} bones with {@link PartitionMode#OPTIMIZED}, and the four
 * official files of the shared fixtures ({@link #FIXTURES}). Its same-run baseline copies the
 * file's bytes with {@code System.arraycopy}.
 */
public final class LmWorkload {
    /** The official {@code .lm} files of the shared fixtures, smallest first. */
    public static final List<String> FIXTURES = List.of("unity_default_resources-Cube.lm",
            "light_celing_1-light_celing_1.lm", "dajia-business01_m_lowpoly.lm", "LayaMonkey-LayaMonkey.lm");

    private LmWorkload() {
    }

    /**
     * Builds the character: {@link PartitionWorkload#combined()} partitioned at
     * {@value PartitionWorkload#MAX_BONES} bones, optimized, so that a {@code .lm} writer keeps
     * its draws. Allocates the whole mesh each call.
     *
     * @return the partitioned mesh, in glTF conventions
     */
    public static Mesh character() {
        return Partition.partition(PartitionWorkload.create().combined(), PartitionWorkload.MAX_BONES,
                new PartitionOptions(PartitionMode.OPTIMIZED, OversizeTriangles.FAIL)).mesh();
    }

    /**
     * Loads one fixture's bytes from the shared folder.
     *
     * @param fixture one of {@link #FIXTURES}
     * @return the file's bytes, or empty when the shared folder or the file is absent
     * @throws IOException when the file exists but cannot be read
     */
    public static Optional<byte[]> fixture(String fixture) throws IOException {
        Optional<Path> file = SharedFiles.file("fixtures/laya/" + fixture);
        return file.isPresent() ? Optional.of(Files.readAllBytes(file.get())) : Optional.empty();
    }
}
