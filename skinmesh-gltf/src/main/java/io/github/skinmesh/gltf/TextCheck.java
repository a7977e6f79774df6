package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Locale;

/**
 * Checks that every string the writer puts into the JSON chunk can be encoded: glTF's JSON is
 * UTF-8, which has no form for a UTF-16 surrogate without its partner, so such a name would be
 * written as {@code '?'} and read back different.
 */
final class TextCheck {
    private TextCheck() {
    }

    /**
     * Checks the names of the character, the skeleton, bones, parts, meshes, morph targets,
     * materials, images (and their MIME types) and clips, and the generator. (Vertex attribute
     * names are well-formed by construction.)
     *
     * @param character the character
     * @param options the options
     * @throws ValidationException naming the first string with an unpaired surrogate
     */
    static void names(Character character, GltfWriteOptions options) {
        require("GltfWriteOptions generator", options.generator());
        require("character name", character.name());
        Skeleton skeleton = character.skeleton();
        require("skeleton name", skeleton.name());
        for (int b = 0; b < skeleton.boneCount(); b++) {
            require("bone " + b + " name", skeleton.boneName(b));
        }
        for (Part part : character.parts()) {
            require("part name", part.name());
            String where = "part '" + part.name() + "'";
            Mesh mesh = part.mesh();
            require(where + ": mesh name", mesh.name());
            for (int t = 0; t < mesh.morphTargets().size(); t++) {
                MorphTarget target = mesh.morphTargets().get(t);
                require(where + ": morph target " + t + " name", target.name());
            }
        }
        for (Material m : character.materials()) {
            require("material name", m.name());
        }
        for (Image i : character.images()) {
            require("image name", i.name());
            require("image '" + i.name() + "' mimeType", i.mimeType());
        }
        for (AnimationClip c : character.clips()) {
            require("clip name", c.name());
        }
    }

    /**
     * @param what the string's role, e.g. {@code "bone 3 name"}
     * @param value the string
     * @throws ValidationException when it holds an unpaired surrogate
     */
    static void require(String what, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean pair = java.lang.Character.isHighSurrogate(c) && i + 1 < value.length()
                    && java.lang.Character.isLowSurrogate(value.charAt(i + 1));
            if (pair) {
                i++;
            } else if (java.lang.Character.isSurrogate(c)) {
                throw new ValidationException("GltfWriter: " + what + " '" + escaped(value) + "' has an unpaired "
                        + "surrogate " + hex(c) + " at char " + i
                        + ", expected well-formed UTF-16 (glTF JSON is UTF-8)");
            }
        }
    }

    /** The string with surrogates and control characters as {@code \\uXXXX}, safe to print on one line. */
    private static String escaped(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(java.lang.Character.isSurrogate(c) || c < 0x20 || c == 0x7f ? hex(c) : String.valueOf(c));
        }
        return sb.toString();
    }

    private static String hex(char c) {
        return String.format(Locale.ROOT, "\\u%04x", (int) c);
    }
}
