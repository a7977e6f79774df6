package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;

/**
 * Options of {@link GltfReader}.
 *
 * @param externalResources where {@code .gltf} files may load buffers and images from; default
 *     {@link ExternalResources#BESIDE_FILE}
 * @param keyTimes what to do with animation key times that do not increase strictly; default
 *     {@link KeyTimes#REJECT}
 * @param animatedNodes what to do with animation channels that move nodes outside the skeleton;
 *     default {@link AnimatedNodes#DROP}
 * @param memoryFactor how many bytes the reader may allocate, and posing the asset it returns may
 *     take, per byte of input (JSON, buffers and images together), plus 1 MiB; range 1..1024,
 *     default 16. Charged: the JSON tree (an upper estimate of Jackson's nodes, about 6 to 11 bytes
 *     per byte of typical glTF JSON and at most 60, checked before the tree is built when it
 *     could exceed the budget), 96 bytes per node and 192 more per bone, the decoded arrays (with
 *     the copy of its keys that each rotation channel normalizes), and per node with a mesh what
 *     posing it through
 *     {@link io.github.skinmesh.core.anim.CharacterPoser} allocates for that node alone: 12 bytes
 *     per vertex of posed positions (a mesh shared by many nodes is decoded once but posed once
 *     per node) and, for a rigid node with its own transform, the transformed copy of its vertex
 *     streams. A file asking for more than that fails with a
 *     {@link io.github.skinmesh.core.FormatException} naming the element and the budget before
 *     anything large is allocated. Triangle strips and fans of 8-bit indices need the most among
 *     decoded arrays: 16 bytes per input byte (4 for the decoded index, 12 for the triangle list);
 *     8-bit normalized RGB colors need 28 bytes per 3 (floats, then RGBA). A file instancing a
 *     mesh of V vertices N times asks for about {@code 12 * V * N} bytes to pose: raise the factor
 *     to read such a crowd, and give the JVM a heap of a few times that.
 * @param unreadableImages what to do with external image files that cannot be read; default
 *     {@link UnreadableImages#REJECT}
 */
public record GltfReadOptions(ExternalResources externalResources, KeyTimes keyTimes, AnimatedNodes animatedNodes,
        int memoryFactor, UnreadableImages unreadableImages) {
    /** Largest accepted {@link #memoryFactor()}. */
    public static final int MAX_MEMORY_FACTOR = 1024;
    /**
     * The defaults: external resources beside the file, strict key times, extra animated nodes
     * dropped, factor 16, unreadable images rejected.
     */
    public static final GltfReadOptions DEFAULTS = new GltfReadOptions(ExternalResources.BESIDE_FILE, KeyTimes.REJECT,
            AnimatedNodes.DROP, 16, UnreadableImages.REJECT);

    /** Where external {@code uri}s of buffers and images are resolved. */
    public enum ExternalResources {
        /**
         * Relative URIs are resolved in the folder of the {@code .gltf} file (percent-decoded);
         * absolute URIs, other schemes and paths that leave that folder (through {@code ..} or a
         * symbolic link) are rejected with a {@link io.github.skinmesh.core.FormatException}.
         */
        BESIDE_FILE,
        /** Only GLB-embedded buffers and {@code data:} URIs are read; any other URI is an error. */
        NONE
    }

    /** Treatment of animation inputs whose times do not increase strictly. */
    public enum KeyTimes {
        /** A repeated or decreasing time is a {@link io.github.skinmesh.core.FormatException} naming the accessor. */
        REJECT,
        /**
         * Keys whose time is not after the previous kept key are dropped (with their values), and
         * the asset's warnings say how many per channel. Negative times are still rejected.
         */
        DROP_NON_INCREASING
    }

    /** Treatment of translation, rotation and scale channels that target nodes outside the skeleton. */
    public enum AnimatedNodes {
        /**
         * Such channels are dropped; the asset's warnings name the animation and the nodes. The
         * clip still lasts until their last keys (their input accessors' declared {@code max}).
         */
        DROP,
        /**
         * Every node targeted by such a channel becomes a bone, with its ancestors, so that no
         * transform animation is lost (animated props and helper nodes join the skeleton).
         */
        ADD_AS_BONES
    }

    /**
     * Treatment of external image files ({@code images[i].uri} that is not a {@code data:} URI)
     * that are missing or cannot be read. Images in buffer views and data URIs are part of the
     * document: a malformed one always fails the read.
     */
    public enum UnreadableImages {
        /**
         * Such an image fails the read with a {@link io.github.skinmesh.core.FormatException} naming the
         * image and its URI, as a missing buffer does.
         */
        REJECT,
        /**
         * For uses that need no pixels (inspection, posing, skinning): the textures that use such an
         * image are left out of their materials (which keep their factors and other textures), a
         * warning names the image, its URI and the reason, and {@link GltfAsset#imageSources()}
         * records the image as {@link ImageSource.Status#MISSING} or
         * {@link ImageSource.Status#UNREADABLE} with that reason. The asset holds no placeholder
         * image: what is written back from it has no such texture.
         */
        DROP_TEXTURES
    }

    /**
     * Validates the options.
     *
     * @param externalResources see the record description
     * @param keyTimes see the record description
     * @param animatedNodes see the record description
     * @param memoryFactor see the record description
     * @param unreadableImages see the record description
     * @throws ValidationException when {@code memoryFactor} is outside 1..{@value #MAX_MEMORY_FACTOR}
     */
    public GltfReadOptions {
        Objects.requireNonNull(externalResources, "externalResources");
        Objects.requireNonNull(keyTimes, "keyTimes");
        Objects.requireNonNull(animatedNodes, "animatedNodes");
        Objects.requireNonNull(unreadableImages, "unreadableImages");
        if (memoryFactor < 1 || memoryFactor > MAX_MEMORY_FACTOR) {
            throw new ValidationException("GltfReadOptions: memoryFactor=" + memoryFactor + ", expected 1.."
                    + MAX_MEMORY_FACTOR);
        }
    }

    /**
     * @param value where external resources come from
     * @return a copy with that setting
     */
    public GltfReadOptions withExternalResources(ExternalResources value) {
        return new GltfReadOptions(value, keyTimes, animatedNodes, memoryFactor, unreadableImages);
    }

    /**
     * @param value the key time policy
     * @return a copy with that setting
     */
    public GltfReadOptions withKeyTimes(KeyTimes value) {
        return new GltfReadOptions(externalResources, value, animatedNodes, memoryFactor, unreadableImages);
    }

    /**
     * @param value the policy for animated nodes outside the skeleton
     * @return a copy with that setting
     */
    public GltfReadOptions withAnimatedNodes(AnimatedNodes value) {
        return new GltfReadOptions(externalResources, keyTimes, value, memoryFactor, unreadableImages);
    }

    /**
     * @param value decoded bytes allowed per input byte, 1..{@value #MAX_MEMORY_FACTOR}
     * @return a copy with that setting
     */
    public GltfReadOptions withMemoryFactor(int value) {
        return new GltfReadOptions(externalResources, keyTimes, animatedNodes, value, unreadableImages);
    }

    /**
     * @param value the policy for external image files that cannot be read
     * @return a copy with that setting
     */
    public GltfReadOptions withUnreadableImages(UnreadableImages value) {
        return new GltfReadOptions(externalResources, keyTimes, animatedNodes, memoryFactor, value);
    }
}
