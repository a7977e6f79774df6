package io.github.skinmesh.atlas.image;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Options of {@link ChannelMaps#composite}.
 *
 * @param composite gutter, clean-level requirement, color bleed and page format, the same for every
 *     map; default {@link CompositeOptions#DEFAULTS}
 * @param slots the maps to consider; default all five
 * @param read limits for decoding the textures; default {@link PngReadOptions#DEFAULTS}
 */
public record ChannelMapOptions(CompositeOptions composite, Set<MapSlot> slots, PngReadOptions read) {
    /** Default compositing, every slot, default read limits. */
    public static final ChannelMapOptions DEFAULTS = new ChannelMapOptions(CompositeOptions.DEFAULTS,
            EnumSet.allOf(MapSlot.class), PngReadOptions.DEFAULTS);

    /**
     * Copies the slot set.
     *
     * @param composite compositing options
     * @param slots the maps to consider
     * @param read decoding limits
     */
    public ChannelMapOptions {
        Objects.requireNonNull(composite, "composite");
        Objects.requireNonNull(read, "read");
        slots = Collections.unmodifiableSet(slots.isEmpty() ? EnumSet.noneOf(MapSlot.class) : EnumSet.copyOf(slots));
    }

    /**
     * @param value compositing options
     * @return a copy with them
     */
    public ChannelMapOptions withComposite(CompositeOptions value) {
        return new ChannelMapOptions(value, slots, read);
    }

    /**
     * @param value the maps to consider
     * @return a copy with them
     */
    public ChannelMapOptions withSlots(Set<MapSlot> value) {
        return new ChannelMapOptions(composite, value, read);
    }

    /**
     * @param value decoding limits
     * @return a copy with them
     */
    public ChannelMapOptions withRead(PngReadOptions value) {
        return new ChannelMapOptions(composite, slots, value);
    }
}
