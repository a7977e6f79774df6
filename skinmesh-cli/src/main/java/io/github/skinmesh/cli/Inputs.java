package io.github.skinmesh.cli;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Reading command inputs, with messages that name the file. */
final class Inputs {
    private Inputs() {
    }

    /** @return whether the file name ends with {@code .glb} or {@code .gltf} */
    static boolean isGltf(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".glb") || n.endsWith(".gltf");
    }

    /**
     * Reads a glTF file.
     *
     * @throws SkinMeshException naming the file when it is missing, unreadable or malformed (the
     *     reader's {@link FormatException} already names it: it carries the file as its source)
     */
    static GltfAsset readGltf(Path file) {
        if (!isGltf(file)) {
            throw new SkinMeshException(file + ": not a glTF file, expected a .glb or .gltf name");
        }
        if (!Files.isRegularFile(file)) {
            throw new SkinMeshException(file + ": no such file");
        }
        try {
            return GltfReader.read(file);
        } catch (IOException e) {
            throw new SkinMeshException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Resolves {@code --clip}: an integer is an index, anything else a name.
     *
     * @throws SkinMeshException naming the file and listing the clips when there is no such clip
     */
    static int clipIndex(Path file, List<AnimationClip> clips, String clip) {
        if (clip.matches("\\d+")) {
            int index;
            try {
                index = Integer.parseInt(clip);
            } catch (NumberFormatException e) {
                index = Integer.MAX_VALUE;
            }
            if (index < clips.size()) {
                return index;
            }
            throw new SkinMeshException(file + ": clip index " + clip + " out of range, the file has " + clips.size()
                    + " clip" + (clips.size() == 1 ? "" : "s") + describe(clips));
        }
        for (int i = 0; i < clips.size(); i++) {
            if (clips.get(i).name().equals(clip)) {
                return i;
            }
        }
        throw new SkinMeshException(file + ": no clip named '" + clip + "'" + describe(clips));
    }

    private static String describe(List<AnimationClip> clips) {
        if (clips.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" (");
        for (int i = 0; i < clips.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(i).append(" '").append(clips.get(i).name()).append('\'');
        }
        return sb.append(')').toString();
    }
}
