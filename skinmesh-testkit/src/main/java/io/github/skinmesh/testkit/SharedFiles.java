package io.github.skinmesh.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * Locates the project's shared folder of third-party assets (real glTF characters, reference
 * skinned positions, LayaAir fixtures, format notes), which lives beside a checkout but not in it.
 *
 * <p>Looked up, in order: the system property {@code skinmesh.shared} (the build sets it to
 * {@code ../shared} of the checkout), the environment variable {@code SKINMESH_SHARED}, then
 * {@code ../shared} of the working directory and of its parent. Tests that need the folder skip
 * with a visible reason when it is absent, as in a plain clone.
 */
public final class SharedFiles {
    /** Message for tests that skip because the folder is absent. */
    public static final String ABSENT = "shared assets folder not found (set -Dskinmesh.shared or SKINMESH_SHARED); "
            + "a plain clone does not have it";

    private SharedFiles() {
    }

    /** @return the shared folder, if one with an {@code assets} subfolder is found */
    public static Optional<Path> locate() {
        String[] candidates = {System.getProperty("skinmesh.shared"), System.getenv("SKINMESH_SHARED"), "../shared",
            "../../shared"};
        for (String c : candidates) {
            if (c != null && !c.isEmpty()) {
                Path p = Paths.get(c).toAbsolutePath().normalize();
                if (Files.isDirectory(p.resolve("assets"))) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Resolves a path inside the shared folder.
     *
     * @param relative e.g. {@code "assets/Fox.glb"}
     * @return the file, if the folder is found and the file exists
     */
    public static Optional<Path> file(String relative) {
        return locate().map(p -> p.resolve(relative)).filter(Files::exists);
    }
}
