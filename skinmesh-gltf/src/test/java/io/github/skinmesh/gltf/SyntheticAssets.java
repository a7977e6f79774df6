package io.github.skinmesh.gltf;

import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.testkit.SplitMix64;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Seeded synthetic characters exercising what the writer must carry: several skins sharing
 * joints, 4 and 8 influences, several UV channels, colors, tangents, morph targets with names and
 * default weights, rigid meshes on bones, all three interpolations, morph weight channels,
 * materials with every texture slot, an unlit material and a shared PNG image.
 */
final class SyntheticAssets {
    private SyntheticAssets() {
    }

    static byte[] png(int rgb) {
        BufferedImage img = new BufferedImage(2, 2, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 2; y++) {
            for (int x = 0; x < 2; x++) {
                img.setRGB(x, y, rgb + 0x10 * (x + 2 * y));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A chain skeleton "root" -> "b1" -> ... with a side branch, random rest transforms. */
    static Skeleton skeleton(SplitMix64 rng, int bones) {
        Skeleton.Builder b = Skeleton.builder("synthetic");
        for (int i = 0; i < bones; i++) {
            int parent = i == 0 ? Skeleton.NO_PARENT : i < 3 ? i - 1 : rng.nextInt(0, i - 1);
            Quaternionf q = new Quaternionf().rotateXYZ(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1));
            b.addBone(i == 0 ? "root" : "b" + i, parent, new Vector3f(rng.range(-1, 1), rng.range(0, 2), rng.range(-1, 1)),
                    q, new Vector3f(1, 1, 1));
        }
        return b.build();
    }

    /** Inverse bind matrices of the rest pose for the given palette bones. */
    static float[] inverseBinds(Skeleton s, int[] palette) {
        float[] model = s.restModelMatricesInto(new float[16 * s.boneCount()], 0);
        float[] ibm = new float[16 * palette.length];
        for (int e = 0; e < palette.length; e++) {
            new Matrix4f().set(model, 16 * palette[e]).invertAffine().get(ibm, 16 * e);
        }
        return ibm;
    }

    static float[] unitVectors(SplitMix64 rng, int n, int comps) {
        float[] v = new float[comps * n];
        for (int i = 0; i < n; i++) {
            Vector3f d = new Vector3f(rng.range(-1, 1), rng.range(-1, 1), rng.range(0.1f, 1)).normalize();
            v[comps * i] = d.x;
            v[comps * i + 1] = d.y;
            v[comps * i + 2] = d.z;
            if (comps == 4) {
                v[comps * i + 3] = rng.nf() < 0.5f ? -1 : 1;
            }
        }
        return v;
    }

    /** Weights in sixteenths (exact float sums of 1), sorted descending, distinct joints. */
    static BoneWeights weights(SplitMix64 rng, int n, int k, int paletteSize) {
        int[] joints = new int[n * k];
        float[] weights = new float[n * k];
        for (int v = 0; v < n; v++) {
            int used = rng.nextInt(1, Math.min(k, paletteSize));
            int left = 16;
            int first = rng.nextInt(0, paletteSize - 1);
            for (int s = 0; s < used; s++) {
                int w = s == used - 1 ? left : rng.nextInt(1, left - (used - 1 - s));
                left -= w;
                joints[v * k + s] = (first + s) % paletteSize;
                weights[v * k + s] = w / 16f;
            }
        }
        return BoneWeights.of(k, joints, weights);
    }

    static Mesh skinnedMesh(SplitMix64 rng, String name, Skeleton s, int[] palette, int k, int uvChannels,
            int targets, List<Material> materials) {
        int n = rng.nextInt(12, 40);
        float[] pos = new float[3 * n];
        for (int i = 0; i < pos.length; i++) {
            pos[i] = rng.range(-1, 1);
        }
        int tris = rng.nextInt(6, 20);
        int[] idx = new int[3 * tris];
        for (int t = 0; t < tris; t++) {
            idx[3 * t] = rng.nextInt(0, n - 1);
            idx[3 * t + 1] = (idx[3 * t] + 1 + rng.nextInt(0, n - 3)) % n;
            do {
                idx[3 * t + 2] = rng.nextInt(0, n - 1);
            } while (idx[3 * t + 2] == idx[3 * t] || idx[3 * t + 2] == idx[3 * t + 1]);
        }
        String[] names = new String[palette.length];
        for (int e = 0; e < palette.length; e++) {
            names[e] = s.boneName(palette[e]);
        }
        Mesh.Builder b = Mesh.builder(name).positions(pos).normals(unitVectors(rng, n, 3))
                .tangents(unitVectors(rng, n, 4)).indices(idx);
        if (palette.length > 0) {
            b.skin(Skin.of(names, inverseBinds(s, palette), weights(rng, n, k, palette.length)));
        }
        for (int c = 0; c < uvChannels; c++) {
            float[] uv = new float[2 * n];
            for (int i = 0; i < uv.length; i++) {
                uv[i] = rng.nf();
            }
            b.addUvs(uv);
        }
        float[] colors = new float[4 * n];
        for (int i = 0; i < colors.length; i++) {
            colors[i] = rng.nf();
        }
        b.colors(colors);
        float[] defaults = new float[targets];
        for (int t = 0; t < targets; t++) {
            float[] dp = new float[3 * n];
            float[] dn = new float[3 * n];
            for (int i = 0; i < dp.length; i++) {
                dp[i] = rng.range(-0.1f, 0.1f);
                dn[i] = rng.range(-0.05f, 0.05f);
            }
            b.addMorphTarget(MorphTarget.of("shape" + t, dp, t == 0 ? dn : null, null));
            defaults[t] = t == 0 ? 0.25f : 0;
        }
        b.morphWeights(defaults);
        materials.forEach(b::addMaterial);
        return b.build();
    }

    static List<Material> materials() {
        Image shared = Image.of("checker.png", "image/png", png(0x204060));
        Image other = Image.of("", "image/png", png(0x806040));
        Material pbr = Material.builder("body").baseColorFactor(0.9f, 0.8f, 0.7f, 1f).metallicFactor(0.1f)
                .roughnessFactor(0.6f).emissiveFactor(0.1f, 0, 0.05f).normalScale(0.8f).occlusionStrength(0.7f)
                .alphaMode(AlphaMode.MASK).alphaCutoff(0.3f).doubleSided(true)
                .texture(Material.BASE_COLOR, new TextureRef(shared, 0, Sampler.DEFAULT))
                .texture(Material.METALLIC_ROUGHNESS, new TextureRef(other, 1, new Sampler(Sampler.Filter.LINEAR,
                        Sampler.Filter.LINEAR_MIPMAP_LINEAR, Sampler.Wrap.REPEAT, Sampler.Wrap.CLAMP_TO_EDGE)))
                .texture(Material.NORMAL, new TextureRef(other, 1, Sampler.DEFAULT))
                .texture(Material.OCCLUSION, new TextureRef(other, 0, Sampler.DEFAULT))
                .texture(Material.EMISSIVE, new TextureRef(shared, 0, new Sampler(Sampler.Filter.NEAREST,
                        Sampler.Filter.NEAREST, Sampler.Wrap.MIRRORED_REPEAT, Sampler.Wrap.MIRRORED_REPEAT)))
                .build();
        Material unlit = Material.builder("hair").template(Material.TEMPLATE_UNLIT).alphaMode(AlphaMode.BLEND)
                .texture(Material.BASE_COLOR, TextureRef.of(shared)).build();
        return List.of(pbr, unlit);
    }

    /**
     * Two skinned parts with different palettes sharing joints (8 and 4 influences, 3 and 1 UV
     * channels, 2 and 0 morph targets), one rigid prop on a bone, one rigid root mesh, and two
     * clips covering STEP, LINEAR, CUBICSPLINE and a morph weight channel.
     */
    static Character character(long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton s = skeleton(rng, 8);
        List<Material> mats = materials();
        Mesh body = skinnedMesh(rng, "body", s, new int[] {0, 1, 2, 3, 4, 5, 6}, 8, 3, 2, List.of(mats.get(0)));
        Mesh hair = skinnedMesh(rng, "hair", s, new int[] {2, 3, 7}, 4, 1, 0, List.of(mats.get(1)));
        Mesh prop = skinnedMesh(rng, "sword", s, new int[0], 4, 2, 0, List.of(mats.get(0)));
        Mesh ground = skinnedMesh(rng, "ground", s, new int[0], 4, 0, 0, List.of());
        Matrix4f local = new Matrix4f().translationRotateScale(0.1f, 0.2f, 0.3f, 0, 0, 0.38268343f, 0.9238795f, 1, 2, 1);
        List<BoneChannel> walk = new ArrayList<>();
        walk.add(BoneChannel.of("b1", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 0.5f, 1},
                new float[] {0, 0, 0, 0, 1, 0, 0, 0, 0}));
        Quaternionf q = new Quaternionf().rotateY(0.7f);
        walk.add(BoneChannel.of("b2", ChannelPath.ROTATION, Interpolation.STEP, new float[] {0, 0.5f, 1},
                new float[] {0, 0, 0, 1, q.x, q.y, q.z, q.w, 0, 0, 0, 1}));
        walk.add(BoneChannel.of("b3", ChannelPath.SCALE, Interpolation.CUBICSPLINE, new float[] {0.25f, 1},
                new float[] {0, 0, 0, 1, 1, 1, 0.5f, 0, 0, 0, 0, 0, 2, 2, 2, 0, 0, 0}));
        List<MorphChannel> faces = List.of(MorphChannel.of("Body", 2, Interpolation.LINEAR, new float[] {0, 1},
                new float[] {0, 0, 1, 0.5f}));
        AnimationClip clipA = AnimationClip.of("walk", walk, faces);
        AnimationClip clipB = AnimationClip.of("", List.of(BoneChannel.of("root", ChannelPath.ROTATION,
                Interpolation.CUBICSPLINE, new float[] {0.1f, 0.6f},
                new float[] {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, q.x, q.y, q.z, q.w, 0, 0, 0, 0})));
        return Character.builder(s.name(), s)
                .addPart(Part.of("Body", body))
                .addPart(Part.of("Hair", hair))
                .addPart(Part.of("Sword", prop, s.boneName(5), local))
                .addPart(Part.of("Ground", ground, null, new Matrix4f().translation(0, -1, 0)))
                .addClip(clipA).addClip(clipB).build();
    }
    /**
     * A seeded random character in the form the reader returns, so that it reads back equal:
     * 4 to 9 bones in one tree; 1 to 3 skinned parts (4 or 8 influences, 0 to 2 UV channels, 0 to
     * 2 morph targets, 0 to 2 extra attributes of 1 to 4 components, 1 to 3 submeshes whose
     * materials are distinct and in order of first use), the last one sometimes sharing the first
     * one's mesh; 1 or 2 rigid parts on a random bone or at the root with a TRS transform; a clip
     * with bone channels and a morph weight channel per part with morph targets.
     */
    static Character randomCharacter(long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton s = skeleton(rng, rng.nextInt(4, 9));
        Character.Builder c = Character.builder(s.name(), s);
        List<Part> parts = new ArrayList<>();
        int skinned = rng.nextInt(1, 3);
        for (int p = 0; p < skinned; p++) {
            if (p > 0 && p == skinned - 1 && rng.nf() < 0.3f) {
                parts.add(Part.of("Skinned" + p, parts.get(0).mesh()));
                continue;
            }
            int[] palette = palette(rng, s);
            Mesh m = skinnedMesh(rng, "mesh" + p, s, palette, rng.nf() < 0.5f ? 4 : 8, rng.nextInt(0, 2),
                    rng.nextInt(0, 2), List.of());
            parts.add(Part.of("Skinned" + p, split(rng, withAttributes(rng, m), "m" + p)));
        }
        int rigid = rng.nextInt(1, 2);
        for (int p = 0; p < rigid; p++) {
            Mesh m = skinnedMesh(rng, "prop" + p, s, new int[0], 4, rng.nextInt(0, 1), rng.nextInt(0, 1), List.of());
            String bone = rng.nf() < 0.75f ? s.boneName(rng.nextInt(0, s.boneCount() - 1)) : null;
            Quaternionf q = new Quaternionf().rotateXYZ(rng.range(-2, 2), rng.range(-2, 2), rng.range(-2, 2));
            Matrix4f t = new Matrix4f().translationRotateScale(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1),
                    q.x, q.y, q.z, q.w, rng.range(0.5f, 2), rng.range(0.5f, 2), rng.range(0.5f, 2));
            parts.add(Part.of("Rigid" + p, split(rng, withAttributes(rng, m), "r" + p), bone, t));
        }
        parts.forEach(c::addPart);
        List<BoneChannel> channels = new ArrayList<>();
        for (int b = 0; b < s.boneCount(); b++) {
            if (rng.nf() < 0.5f) {
                Quaternionf q = new Quaternionf().rotateXYZ(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1));
                channels.add(BoneChannel.of(s.boneName(b), ChannelPath.ROTATION,
                        rng.nf() < 0.5f ? Interpolation.LINEAR : Interpolation.STEP, new float[] {0, rng.range(0.1f, 2)},
                        new float[] {0, 0, 0, 1, q.x, q.y, q.z, q.w}));
            }
        }
        channels.add(BoneChannel.of("root", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 1},
                new float[] {0, 0, 0, rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)}));
        List<MorphChannel> morphs = new ArrayList<>();
        for (Part part : parts) {
            int targets = part.mesh().morphTargets().size();
            if (targets > 0) {
                float[] values = new float[2 * targets];
                for (int i = 0; i < values.length; i++) {
                    values[i] = rng.nf();
                }
                morphs.add(MorphChannel.of(part.name(), targets, Interpolation.LINEAR, new float[] {0, 1}, values));
            }
        }
        c.addClip(AnimationClip.of("clip", channels, morphs));
        return c.build();
    }

    /** 1 to 4 distinct bones, sorted. */
    private static int[] palette(SplitMix64 rng, Skeleton s) {
        java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
        int want = rng.nextInt(1, Math.min(4, s.boneCount()));
        while (set.size() < want) {
            set.add(rng.nextInt(0, s.boneCount() - 1));
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Adds 0 to 2 extra attributes of 1 to 4 components. */
    static Mesh withAttributes(SplitMix64 rng, Mesh m) {
        Mesh.Builder b = m.toBuilder();
        int count = rng.nextInt(0, 2);
        for (int a = 0; a < count; a++) {
            int comps = rng.nextInt(1, 4);
            float[] values = new float[comps * m.vertexCount()];
            for (int i = 0; i < values.length; i++) {
                values[i] = rng.range(-10, 10);
            }
            b.addAttribute(VertexAttribute.of("ATTR" + a, comps, values));
        }
        return b.build();
    }

    /** Splits the triangles into 1 to 3 non-empty submeshes, each with its own new material. */
    static Mesh split(SplitMix64 rng, Mesh m, String prefix) {
        int triangles = m.triangleCount();
        int count = rng.nextInt(1, Math.min(3, triangles));
        Mesh.Builder b = m.toBuilder().clearSubmeshes().clearMaterials();
        int first = 0;
        for (int k = 0; k < count; k++) {
            int left = triangles - first;
            int take = k == count - 1 ? left : rng.nextInt(1, left - (count - 1 - k));
            b.addSubmesh(3 * first, 3 * take, k);
            b.addMaterial(Material.builder(prefix + "-" + k).baseColorFactor(rng.nf(), rng.nf(), rng.nf(), 1)
                    .roughnessFactor(rng.nf()).build());
            first += take;
        }
        return b.build();
    }
}
