package io.github.skinmesh.vat;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Bakes clips into animation textures for GPU crowds: vertex animation textures (one texel per
 * vertex per frame: positions, optionally normals and tangents) and bone-matrix textures (three
 * texels per palette bone per frame), with a clip table, per-clip bounds and a measured error report.
 *
 * <p>Every frame is posed by {@link io.github.skinmesh.core.anim.CharacterPoser}, the one posing
 * path, in the character's model space, or with {@link VatOptions#space()} /
 * {@link BoneTextureOptions#space()} relative to a reference per part ({@link BakeSpace}: a glTF
 * skinned node's own space, what {@code skinmesh skin} writes by default). Clip {@code c}'s frame {@code f} is the pose at
 * {@code min(f / fps, duration)} and its last frame the pose at the duration exactly; clips follow
 * each other in the texture, each starting on a fresh row, so no frame straddles two clips. The
 * texel of element {@code i} (a vertex, or row {@code i % 3} of bone {@code i / 3}) is at row
 * {@code clips[c].firstRow + f*rowsPerFrame + i / width}, column {@code i % width}. Clips that need
 * more rows than the maximum height are an error, or with {@link PageMode#SPLIT} go on further
 * pages (textures of the same size), each clip whole on one page ({@code clips[c].page}).
 *
 * <p>The error report decodes the written texels exactly as {@link VatDecoder} and the shipped
 * shader functions do and compares with the exact poses: {@link VatResult#maxError()} and
 * {@link VatResult#rmsError()} in model units, over every frame, and per clip.
 *
 * <pre>{@code
 * VatResult vat = Vat.bakeVertexTextures(hero, Vat.selectClips(hero, List.of("walk", "idle")),
 *         VatOptions.DEFAULTS.withEncoding(VatEncoding.UNORM16).withStreams(VatStreams.POSITIONS_NORMALS),
 *         Progress.NONE);
 * VatFiles.write(outDir, vat, VatFormat.PNG);
 * }</pre>
 *
 * <p>Thread-safe: the functions only read their immutable arguments. They allocate the textures
 * (once); a vertex bake in a normalized encoding also keeps every frame's exact positions (12 bytes
 * per vertex-frame) until the bounds are known, one in a float encoding only the current frame's.
 */
public final class Vat {
    /** Largest texture width and height, in texels (the common GPU limit). */
    public static final int MAX_TEXTURE_SIZE = 16384;
    /** Largest number of frames of one clip. */
    public static final int MAX_FRAMES = 1 << 20;
    /**
     * Name of the extra vertex attribute a vertex bake adds to each mesh: 2 components, the
     * vertex's texel column and its row within a frame (exported to glTF as {@code _VAT_TEXEL}).
     */
    public static final String TEXEL_ATTRIBUTE = "VAT_TEXEL";

    private Vat() {
    }

    /**
     * Bakes vertex animation textures of every part of a character.
     *
     * @param character the character; its parts are baked in order
     * @param clips the clips (need not be the character's), in texture order, distinct names
     * @param options rate, encoding, streams, position mode, sizes, loops
     * @param progress one update per frame; cancels between frames
     * @return textures, clip table, errors and the meshes with their texel attribute
     * @throws ValidationException as {@link #bakeVertexTextures(Skeleton, List, List, VatOptions, Progress)}
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static VatResult bakeVertexTextures(Character character, List<AnimationClip> clips, VatOptions options,
            Progress progress) {
        return VertexBaker.bake(character.skeleton(), character.parts(), clips, options, progress);
    }

    /**
     * Bakes vertex animation textures of some parts.
     *
     * @param skeleton the skeleton the parts and clips refer to
     * @param parts the parts; vertex {@code v} of part {@code p} is element {@code v} plus the
     *     vertices of the parts before it
     * @param clips the clips, in texture order, distinct names
     * @param options rate, encoding, streams, position mode, sizes, loops
     * @param progress one update per frame; cancels between frames
     * @return textures, clip table, errors and the meshes with their texel attribute
     * @throws ValidationException when there is no part or no clip, a clip is empty (no channels)
     *     or given twice, the clips need more rows than {@code maxHeight} (with
     *     {@link PageMode#SINGLE}) or one clip alone does (with {@link PageMode#SPLIT}; the message
     *     gives frames, rows per frame and rows), a texture would not fit an array, normals or
     *     tangents are asked for and a part has none, a half-float position overflows, or as
     *     {@link io.github.skinmesh.core.anim.CharacterPoser#bind(Skeleton, List, AnimationClip,
     *     io.github.skinmesh.core.anim.PoserOptions)}
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static VatResult bakeVertexTextures(Skeleton skeleton, List<Part> parts, List<AnimationClip> clips,
            VatOptions options, Progress progress) {
        return VertexBaker.bake(skeleton, parts, clips, options, progress);
    }

    /**
     * Bakes a bone-matrix texture of a character's skinned parts, which must share one palette.
     *
     * @param character the character
     * @param clips the clips, in texture order, distinct names
     * @param options rate, encoding, weight format, sizes, loops
     * @param progress one update per frame; cancels between frames
     * @return the texture, clip table, errors and the parts with the weights the GPU gets
     * @throws ValidationException as {@link #bakeBoneTexture(Skeleton, List, List, BoneTextureOptions, Progress)}
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static VatResult bakeBoneTexture(Character character, List<AnimationClip> clips,
            BoneTextureOptions options, Progress progress) {
        return BoneBaker.bake(character.skeleton(), character.parts(), clips, options, progress);
    }

    /**
     * Bakes a bone-matrix texture: per frame, each palette entry's skin matrix
     * {@code model(bone) * inverseBind} as three texels, the rows of its 3x4 affine part
     * ({@code row r = (m[r], m[4+r], m[8+r], m[12+r])}), in palette order.
     *
     * @param skeleton the skeleton the parts and clips refer to
     * @param parts skinned parts that share one palette (same bone names and inverse binds)
     * @param clips the clips, in texture order, distinct names
     * @param options rate, encoding, weight format, sizes, loops
     * @param progress one update per frame; cancels between frames
     * @return the texture, clip table, errors and the parts with the weights the GPU gets
     * @throws ValidationException when there is no part or no clip, a part is not skinned or has
     *     another palette than the first, a clip is empty or given twice, the clips need more rows
     *     than {@code maxHeight} (or one clip alone does, with {@link PageMode#SPLIT}), a half-float
     *     matrix element overflows, or as
     *     {@link io.github.skinmesh.core.anim.CharacterPoser#bind(Skeleton, List, AnimationClip,
     *     io.github.skinmesh.core.anim.PoserOptions)}
     * @throws io.github.skinmesh.core.CancelledException when {@code progress} is cancelled
     */
    public static VatResult bakeBoneTexture(Skeleton skeleton, List<Part> parts, List<AnimationClip> clips,
            BoneTextureOptions options, Progress progress) {
        return BoneBaker.bake(skeleton, parts, clips, options, progress);
    }

    /**
     * Picks clips of a character by name, or by index when a selector is an integer.
     *
     * @param character the character
     * @param selectors clip names or indices ({@code "0"})
     * @return the clips in the order of the selectors
     * @throws ValidationException when a name is not a clip of the character or an index is out
     *     of range (the message lists the clips)
     */
    public static List<AnimationClip> selectClips(Character character, List<String> selectors) {
        Objects.requireNonNull(character, "character");
        List<AnimationClip> all = character.clips();
        List<AnimationClip> out = new ArrayList<>();
        for (String s : selectors) {
            Objects.requireNonNull(s, "selector");
            AnimationClip clip = null;
            if (s.matches("-?[0-9]+")) {
                long index;
                try {
                    index = Long.parseLong(s);
                } catch (NumberFormatException x) {
                    index = -1;
                }
                if (index < 0 || index >= all.size()) {
                    throw new ValidationException("selectClips: clip index " + s + " of character "
                            + Checks.quote(character.name()) + ", expected 0.." + (all.size() - 1) + " "
                            + names(all));
                }
                clip = all.get((int) index);
            } else {
                clip = character.clip(s);
                if (clip == null) {
                    throw new ValidationException("selectClips: clip " + Checks.quote(s) + " is not a clip of character "
                            + Checks.quote(character.name()) + ", expected one of " + names(all));
                }
            }
            out.add(clip);
        }
        return out;
    }

    private static List<String> names(List<AnimationClip> clips) {
        List<String> names = new ArrayList<>();
        clips.forEach(c -> names.add(c.name()));
        return names;
    }
}
