package io.github.skinmesh.cli;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatFiles;
import io.github.skinmesh.vat.VatFormat;
import io.github.skinmesh.vat.VatManifest;
import io.github.skinmesh.vat.VatResult;
import io.github.skinmesh.vat.VatTexture;
import io.github.skinmesh.vat.crowd.CrowdBounds;
import io.github.skinmesh.vat.crowd.CrowdFrames;
import io.github.skinmesh.vat.crowd.CrowdOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A crowd of one character, as {@code skinmesh crowd} and the demo write it: the bone-matrix
 * texture of its clips ({@link Vat#bakeBoneTexture}) with its manifest, the seeded instances
 * ({@link CrowdInstances}) and the web page that draws them ({@link CrowdPage}).
 *
 * <p>Files, in the order {@link #files()} gives them: {@value #TEXTURE} (the texture, OpenEXR as
 * {@code bones-texture} writes it by default), {@value VatFiles#MANIFEST} (the manifest of the
 * project's CLI document, so {@link VatFiles#read} reads the folder), {@value #INSTANCES},
 * {@value #BOUNDS} (the crowd's bounds through skinmesh-vat's crowd API) and {@value #PAGE}.
 *
 * <p>Texture size: rows wrap at {@value #WEBGL2_MIN_TEXTURE_SIZE} texels, the width every WebGL 2
 * device allows; a texture taller than that is a warning (most devices allow 16384; the page checks
 * the device it runs on and says so), taller than {@value Vat#MAX_TEXTURE_SIZE} rows an error of the
 * bake.
 */
final class Crowd {
    /** The page. */
    static final String PAGE = "index.html";
    /** The per-instance data. */
    static final String INSTANCES = "instances.json";
    /** File name of the crowd's bounds: per instance and for the whole batch. */
    static final String BOUNDS = "bounds.json";
    /** The bone-matrix texture. */
    static final String TEXTURE = "bones.exr";
    /** The largest texture side every WebGL 2 implementation supports (its minimum MAX_TEXTURE_SIZE). */
    static final int WEBGL2_MIN_TEXTURE_SIZE = 2048;
    /** Default number of instances. */
    static final int DEFAULT_INSTANCES = 1000;
    /** Most instances: the page embeds 64 bytes of per-instance data each. */
    static final int MAX_INSTANCES = 100_000;
    /**
     * Most clips: the page's vertex shader holds the clip table in 2 uniform vectors per clip, and
     * WebGL 2 guarantees 256.
     */
    static final int MAX_CLIPS = 64;

    /**
     * What to make.
     *
     * @param instances instances, 1..{@value #MAX_INSTANCES}
     * @param fps frames per second of the texture, finite and {@code > 0}
     * @param encoding float or half
     * @param seed the seed of the instances' clips, phases, speeds and headings
     */
    record Settings(int instances, float fps, VatEncoding encoding, long seed) {
    }

    private final Character character;
    private final VatResult bake;
    private final CrowdInstances instances;
    private final CrowdMesh mesh;
    private final byte[] page;
    private final List<String> warnings;

    private Crowd(Character character, VatResult bake, CrowdInstances instances, CrowdMesh mesh, byte[] page,
            List<String> warnings) {
        this.character = character;
        this.bake = bake;
        this.instances = instances;
        this.mesh = mesh;
        this.page = page;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * The character as one bone texture can draw it: itself when its parts are all skinned with one
     * palette (same bone names and inverse bind matrices), else its parts combined into one skinned
     * mesh ({@link Combine}: rigid parts hanging from a bone become skinned to it).
     *
     * @param character the character
     * @return the character to bake, or {@code character} itself
     * @throws io.github.skinmesh.core.ValidationException as {@link Combine#combineCharacters} (a
     *     rigid part that hangs from no bone, for example)
     */
    static Character drawable(Character character) {
        return sharesOnePalette(character.parts()) ? character
                : Combine.combineCharacters(List.of(character), CombineOptions.DEFAULTS).character();
    }

    /** @return whether every part is skinned and all have the first part's palette */
    static boolean sharesOnePalette(List<Part> parts) {
        Skin first = null;
        for (Part p : parts) {
            Skin s = p.mesh().skin();
            if (s == null) {
                return false;
            }
            if (first == null) {
                first = s;
            } else if (!Arrays.equals(first.boneNames(), s.boneNames())
                    || !Arrays.equals(first.inverseBindMatricesInto(new float[16 * first.paletteSize()], 0),
                            s.inverseBindMatricesInto(new float[16 * s.paletteSize()], 0))) {
                return false;
            }
        }
        return first != null;
    }

    /**
     * Bakes the texture, draws the instances and builds the page.
     *
     * @param character a character whose parts share one palette ({@link #drawable})
     * @param clips clips of the character, in texture order
     * @param settings instances, rate, encoding, seed
     * @param progress the bake's progress
     * @return the crowd
     * @throws io.github.skinmesh.core.ValidationException as {@link Vat#bakeBoneTexture} (a clip given
     *     twice or empty, more rows than {@value Vat#MAX_TEXTURE_SIZE}, a half-float overflow)
     * @throws io.github.skinmesh.core.SkinMeshException as {@link CrowdMesh#of}
     */
    static Crowd build(Character character, List<AnimationClip> clips, Settings settings, Progress progress) {
        BoneTextureOptions options = BoneTextureOptions.DEFAULTS.withFps(settings.fps())
                .withEncoding(settings.encoding()).withMaxWidth(WEBGL2_MIN_TEXTURE_SIZE);
        VatResult bake = Vat.bakeBoneTexture(character, clips, options, progress);
        List<String> warnings = new ArrayList<>(bake.warnings());
        if (bake.width() > WEBGL2_MIN_TEXTURE_SIZE || bake.height() > WEBGL2_MIN_TEXTURE_SIZE) {
            warnings.add("the bones texture is " + bake.width() + "x" + bake.height() + " texels, more than the "
                    + WEBGL2_MIN_TEXTURE_SIZE + " every WebGL 2 device allows; the page draws only where"
                    + " MAX_TEXTURE_SIZE is at least " + Math.max(bake.width(), bake.height())
                    + " (and says so elsewhere); lower --fps or bake fewer clips to fit every device");
        }
        CrowdMesh mesh = CrowdMesh.of(bake.parts());
        warnings.addAll(mesh.warnings());
        Bounds bounds = bake.bounds();
        CrowdInstances instances = CrowdInstances.generate(settings.instances(), settings.seed(), bake.clips(), bounds);
        float diagonal = bounds.diagonal();
        float normalScale = diagonal > 0 && diagonal < Float.POSITIVE_INFINITY ? diagonal : 1;
        byte[] page = CrowdPage.html(character.name() + " crowd", bake.manifest(VatFormat.EXR),
                bake.texture("bones").bytes(), mesh, instances, normalScale);
        return new Crowd(character, bake, instances, mesh, page, warnings);
    }

    /** @return the files by name, in the order they are listed in the class documentation */
    Map<String, byte[]> files() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        VatManifest manifest = bake.manifest(VatFormat.EXR);
        VatTexture texture = bake.texture("bones");
        files.put(manifest.textures().get("bones"), VatFiles.encode(texture, VatFormat.EXR));
        files.put(VatFiles.MANIFEST, manifest.toJson().getBytes(StandardCharsets.UTF_8));
        List<String> names = new ArrayList<>();
        for (VatClip c : bake.clips()) {
            names.add(c.name());
        }
        files.put(INSTANCES, instances.json(VatFiles.MANIFEST, names));
        files.put(BOUNDS, boundsJson());
        files.put(PAGE, page.clone());
        return files;
    }

    /**
     * The crowd's bounds through skinmesh-vat's crowd API: each instance's box is its clip's animated
     * bounds placed by its transform (valid at every time of the clip), the batch box their union.
     *
     * @return {@value #BOUNDS}: {@code min}/{@code max} of the batch, then per instance in order
     */
    byte[] boundsJson() {
        int n = instances.count();
        io.github.skinmesh.vat.crowd.Crowd crowd = io.github.skinmesh.vat.crowd.Crowd.create(
                CrowdFrames.of(bake), n, CrowdOptions.DEFAULTS);
        float[] transforms = new float[CrowdInstances.TRANSFORM_FLOATS * n];
        for (int i = 0; i < n; i++) {
            crowd.setInstance(i, instances.clip(i), instances.phase(i), instances.speed(i));
            System.arraycopy(instances.transform(i), 0, transforms, CrowdInstances.TRANSFORM_FLOATS * i,
                    CrowdInstances.TRANSFORM_FLOATS);
        }
        float[] boxes = new float[6 * n];
        crowd.boundsInto(n, transforms, 0, boxes, 0);
        float[] total = CrowdBounds.unionInto(boxes, 0, n, new float[6], 0);
        StringBuilder sb = new StringBuilder(96 + 96 * n);
        sb.append("{\n  \"format\": \"skinmesh-crowd-bounds\",\n  \"version\": 1,\n  \"instances\": \"")
                .append(INSTANCES).append("\",\n");
        sb.append("  \"min\": ");
        vector(sb, total, 0);
        sb.append(",\n  \"max\": ");
        vector(sb, total, 3);
        sb.append(",\n  \"boxes\": [");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"min\": ");
            vector(sb, boxes, 6 * i);
            sb.append(", \"max\": ");
            vector(sb, boxes, 6 * i + 3);
            sb.append('}');
        }
        sb.append("\n  ]\n}\n");
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void vector(StringBuilder sb, float[] v, int o) {
        sb.append('[').append(CrowdInstances.number(v[o])).append(", ").append(CrowdInstances.number(v[o + 1]))
                .append(", ").append(CrowdInstances.number(v[o + 2])).append(']');
    }

    /** @return the character baked (combined when its parts had several palettes) */
    Character character() {
        return character;
    }

    /** @return the bake */
    VatResult bake() {
        return bake;
    }

    /** @return the instances */
    CrowdInstances instances() {
        return instances;
    }

    /** @return the page's mesh */
    CrowdMesh mesh() {
        return mesh;
    }

    /** @return the page's size in bytes */
    int pageBytes() {
        return page.length;
    }

    /** @return what the bake and the page tolerated, and a texture beyond WebGL 2's guaranteed size */
    List<String> warnings() {
        return warnings;
    }
}
