package io.github.skinmesh.cli;

import io.github.skinmesh.atlas.image.ColorEncoding;
import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.image.Resample;
import io.github.skinmesh.atlas.image.ResampleFilter;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The mesh of a crowd page: the skinned parts of a bone-texture bake as one vertex buffer and one
 * index buffer, so that the whole character is one instanced draw.
 *
 * <p>Vertex streams: positions and, when every part has them, normals (float32 x 3); a color
 * (RGBA8, sRGB) per vertex, the plain color of its submesh's material (see {@link #materialColor});
 * {@link #influences()} joints (uint8, or uint16 beyond 256 palette entries) and weights (float32)
 * per vertex, 4 or 8, the slots a part lacks empty (joint 0, weight 0). Parts follow each other in
 * order, each part's vertices in the order its triangles first use them (a vertex no triangle uses
 * is left out). A vertex that submeshes of different colors share is duplicated, one copy per
 * color, so each triangle keeps its material's color. Indices are uint16 when every index fits below 65535
 * (WebGL 2 always restarts primitives at 0xFFFF) and uint32 otherwise.
 *
 * <p>Immutable; the streams are handed out as little-endian bytes.
 */
final class CrowdMesh {
    /** The color of triangles whose submesh has no material: light grey, sRGB. */
    static final int DEFAULT_RGB = 0xc8c8c8;
    /**
     * Largest palette the joint streams can address (uint16): the model's own limit,
     * {@link Skin#MAX_PALETTE_SIZE}, so every skin a part can hold fits.
     */
    static final int MAX_PALETTE = Skin.MAX_PALETTE_SIZE;

    private final int vertexCount;
    private final int influences;
    private final int paletteSize;
    private final float[] positions;
    private final float @Nullable [] normals;
    private final byte[] colors;
    private final int[] joints;
    private final float[] weights;
    private final int[] indices;
    private final List<String> warnings;

    private CrowdMesh(int vertexCount, int influences, int paletteSize, float[] positions, float @Nullable [] normals,
            byte[] colors, int[] joints, float[] weights, int[] indices, List<String> warnings) {
        this.vertexCount = vertexCount;
        this.influences = influences;
        this.paletteSize = paletteSize;
        this.positions = positions;
        this.normals = normals;
        this.colors = colors;
        this.joints = joints;
        this.weights = weights;
        this.indices = indices;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Builds the page's mesh from the parts of a bone-texture bake (skinned, one shared palette, in
     * the character's model space).
     *
     * @param parts the bake's parts
     * @return the mesh
     * @throws SkinMeshException when a part is not skinned or the mesh needs more than an array holds
     *     (a palette never exceeds {@value #MAX_PALETTE} entries: {@link Skin} refuses more)
     */
    static CrowdMesh of(List<Part> parts) {
        boolean allNormals = true;
        int maxInfluences = 0;
        int palette = 0;
        long indexTotal = 0;
        for (Part p : parts) {
            Mesh m = p.mesh();
            Skin skin = m.skin();
            if (skin == null) {
                throw new SkinMeshException("part '" + p.name() + "' is not skinned; a crowd draws skinned meshes");
            }
            allNormals &= m.hasNormals();
            maxInfluences = Math.max(maxInfluences, skin.weights().influencesPerVertex());
            palette = Math.max(palette, skin.paletteSize());
            indexTotal += m.indexCount();
        }
        // Skin.of refuses a palette beyond Skin.MAX_PALETTE_SIZE, which uint16 joints address (0..65535)
        assert palette <= MAX_PALETTE && MAX_PALETTE <= 1 << 16 : palette;
        if (indexTotal > Integer.MAX_VALUE - 8) {
            throw new SkinMeshException("the parts have " + indexTotal + " indices together, more than an array holds");
        }
        int k = maxInfluences <= 4 ? 4 : 8;
        List<String> warnings = new ArrayList<>();
        Map<Material, Integer> colorOf = new IdentityHashMap<>();

        // vertex by vertex of the output: the part, its vertex there, the color
        VertexList out = new VertexList();
        int[] allIndices = new int[(int) indexTotal];
        int written = 0;
        for (int p = 0; p < parts.size(); p++) {
            Mesh m = parts.get(p).mesh();
            int[] src = m.indices();
            int[] colorPerIndex = new int[src.length];
            Arrays.fill(colorPerIndex, DEFAULT_RGB);
            for (Submesh s : m.submeshes()) {
                int rgb = DEFAULT_RGB;
                if (s.materialIndex() >= 0 && s.materialIndex() < m.materials().size()) {
                    Material mat = m.materials().get(s.materialIndex());
                    rgb = colorOf.computeIfAbsent(mat, x -> materialColor(x, warnings));
                }
                Arrays.fill(colorPerIndex, s.firstIndex(), s.firstIndex() + s.indexCount(), rgb);
            }
            // output vertex of each (vertex, color) pair of this part: first use decides the order
            Map<Long, Integer> slot = new HashMap<>();
            int[] firstColor = new int[m.vertexCount()];
            int[] firstSlot = new int[m.vertexCount()];
            Arrays.fill(firstSlot, -1);
            for (int i = 0; i < src.length; i++) {
                int v = src[i];
                int rgb = colorPerIndex[i];
                int o;
                if (firstSlot[v] < 0) {
                    o = out.add(p, v, rgb);
                    firstSlot[v] = o;
                    firstColor[v] = rgb;
                } else if (firstColor[v] == rgb) {
                    o = firstSlot[v];
                } else {
                    int part = p;
                    o = slot.computeIfAbsent((long) v << 24 | rgb, key -> out.add(part, v, rgb));
                }
                allIndices[written++] = o;
            }
        }
        int n = out.size();
        float[] positions = new float[3 * n];
        float[] normals = allNormals ? new float[3 * n] : null;
        byte[] colors = new byte[4 * n];
        int[] joints = new int[k * n];
        float[] weights = new float[k * n];
        List<float[]> partPositions = new ArrayList<>();
        List<float @Nullable []> partNormals = new ArrayList<>();
        List<BoneWeights> partWeights = new ArrayList<>();
        for (Part p : parts) {
            partPositions.add(p.mesh().positions());
            partNormals.add(allNormals ? p.mesh().normals() : null);
            partWeights.add(Objects.requireNonNull(p.mesh().skin()).weights());
        }
        for (int o = 0; o < n; o++) {
            int p = out.part(o);
            int v = out.vertex(o);
            System.arraycopy(partPositions.get(p), 3 * v, positions, 3 * o, 3);
            float[] pn = partNormals.get(p);
            if (normals != null && pn != null) {
                System.arraycopy(pn, 3 * v, normals, 3 * o, 3);
            }
            int rgb = out.color(o);
            colors[4 * o] = (byte) (rgb >>> 16);
            colors[4 * o + 1] = (byte) (rgb >>> 8);
            colors[4 * o + 2] = (byte) rgb;
            colors[4 * o + 3] = (byte) 0xff;
            BoneWeights w = partWeights.get(p);
            for (int s = 0; s < w.influencesPerVertex(); s++) {
                joints[k * o + s] = w.joint(v, s);
                weights[k * o + s] = w.weight(v, s);
            }
        }
        return new CrowdMesh(n, k, palette, positions, normals, colors, joints, weights, allIndices,
                new ArrayList<>(new LinkedHashSet<>(warnings)));
    }

    /**
     * The plain color a crowd page draws a material with: its base color factor times, when its
     * base color texture is a PNG, the texture's mean color (texels averaged in linear light, the
     * glTF base color being sRGB), as 8-bit sRGB; alpha is ignored (the page draws opaque).
     *
     * @param material the material
     * @param warnings receives a sentence when the texture cannot be averaged
     * @return {@code 0xRRGGBB}, sRGB
     */
    static int materialColor(Material material, List<String> warnings) {
        double[] mean = {1, 1, 1};
        TextureRef tex = material.texture(Material.BASE_COLOR);
        if (tex != null) {
            Image image = tex.image();
            if (!image.mimeType().equals(Png.MIME_TYPE)) {
                warnings.add("material '" + material.name() + "': its base color image '" + image.name() + "' is "
                        + image.mimeType() + ", which this page does not average; drawn with its color factor alone");
            } else {
                try {
                    PixelImage one = Resample.resize(Png.decode(image), 1, 1, ResampleFilter.BOX, ColorEncoding.SRGB);
                    for (int c = 0; c < 3; c++) {
                        mean[c] = srgbToLinear(one.value(0, 0, c));
                    }
                } catch (SkinMeshException e) {
                    warnings.add("material '" + material.name() + "': its base color image '" + image.name()
                            + "' cannot be decoded (" + e.getMessage() + "); drawn with its color factor alone");
                }
            }
        }
        int rgb = 0;
        for (int c = 0; c < 3; c++) {
            double linear = Math.max(0, Math.min(1, mean[c] * material.baseColorFactor(c)));
            rgb = rgb << 8 | (int) Math.round(linearToSrgb(linear) * 255);
        }
        return rgb;
    }

    /** The sRGB decoding (IEC 61966-2-1), through {@link StrictMath} so every JDK gives the same bits. */
    static double srgbToLinear(double c) {
        return c <= 0.04045 ? c / 12.92 : StrictMath.pow((c + 0.055) / 1.055, 2.4);
    }

    /** The sRGB encoding of a linear value in 0..1. */
    static double linearToSrgb(double l) {
        return l <= 0.0031308 ? l * 12.92 : 1.055 * StrictMath.pow(l, 1 / 2.4) - 0.055;
    }

    /** @return the vertices */
    int vertexCount() {
        return vertexCount;
    }

    /** @return the triangles */
    int triangleCount() {
        return indices.length / 3;
    }

    /** @return the indices */
    int indexCount() {
        return indices.length;
    }

    /** @return joints and weights per vertex: 4 or 8 */
    int influences() {
        return influences;
    }

    /** @return the palette size the joints index */
    int paletteSize() {
        return paletteSize;
    }

    /** @return whether the mesh has normals */
    boolean hasNormals() {
        return normals != null;
    }

    /** @return bytes per joint index: 1 up to 256 palette entries, else 2 */
    int jointBytes() {
        return paletteSize <= 256 ? 1 : 2;
    }

    /** @return bytes per index: 2 when every index is below 65535, else 4 */
    int indexBytes() {
        return vertexCount <= 0xffff ? 2 : 4;
    }

    /** @return what could not be shown as in the file (a texture whose color was not averaged) */
    List<String> warnings() {
        return warnings;
    }

    /** @return the positions, float32 x 3 per vertex, little-endian */
    byte[] positionStream() {
        return floats(positions);
    }

    /** @return the normals, float32 x 3 per vertex, little-endian, or {@code null} without normals */
    byte @Nullable [] normalStream() {
        return normals == null ? null : floats(normals);
    }

    /** @return the colors, RGBA8 sRGB per vertex */
    byte[] colorStream() {
        return colors.clone();
    }

    /** @return the joints, {@link #influences()} per vertex, {@link #jointBytes()} each, little-endian */
    byte[] jointStream() {
        ByteBuffer b = ByteBuffer.allocate(jointBytes() * joints.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int j : joints) {
            if (jointBytes() == 1) {
                b.put((byte) j);
            } else {
                b.putShort((short) j);
            }
        }
        return b.array();
    }

    /** @return the weights, float32 x {@link #influences()} per vertex, little-endian */
    byte[] weightStream() {
        return floats(weights);
    }

    /** @return the indices, {@link #indexBytes()} each, little-endian */
    byte[] indexStream() {
        ByteBuffer b = ByteBuffer.allocate(indexBytes() * indices.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int i : indices) {
            if (indexBytes() == 2) {
                b.putShort((short) i);
            } else {
                b.putInt(i);
            }
        }
        return b.array();
    }

    private static byte[] floats(float[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        return b.array();
    }

    /** The output vertices, growing: per vertex its part, its vertex in the part and its color. */
    private static final class VertexList {
        private int[] data = new int[3 * 1024];
        private int size;

        int add(int part, int vertex, int rgb) {
            if (3 * size + 3 > data.length) {
                if (size >= Integer.MAX_VALUE / 6) {
                    throw new SkinMeshException("a crowd mesh of more than " + size + " vertices does not fit an array");
                }
                data = Arrays.copyOf(data, 6 * size);
            }
            set(size, part, vertex, rgb);
            return size++;
        }

        private void set(int o, int part, int vertex, int rgb) {
            data[3 * o] = part;
            data[3 * o + 1] = vertex;
            data[3 * o + 2] = rgb;
        }

        int size() {
            return size;
        }

        int part(int o) {
            return data[3 * o];
        }

        int vertex(int o) {
            return data[3 * o + 1];
        }

        int color(int o) {
            return data[3 * o + 2];
        }
    }
}
