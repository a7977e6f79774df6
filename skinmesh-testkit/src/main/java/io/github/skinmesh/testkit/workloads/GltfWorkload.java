package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The {@code gltf} workload: importing the three shared glTF assets from bytes already in memory.
 * Its same-run baseline copies the same bytes with {@code System.arraycopy}.
 */
public final class GltfWorkload {
    /** The shared assets, in the order the workload lists them. */
    public static final List<String> ASSETS = List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb");

    private GltfWorkload() {
    }

    /**
     * Loads one asset's bytes from the shared folder.
     *
     * @param asset one of {@link #ASSETS}
     * @return the file's bytes, or empty when the shared folder or the file is absent
     * @throws IOException when the file exists but cannot be read
     */
    public static Optional<byte[]> bytes(String asset) throws IOException {
        Optional<Path> file = SharedFiles.file("assets/" + asset);
        return file.isPresent() ? Optional.of(Files.readAllBytes(file.get())) : Optional.empty();
    }
}
