package io.github.skinmesh.core.anim;

import java.util.List;

/**
 * What binding a clip to a skeleton found ({@link ClipSampler#report()}).
 *
 * @param boundChannelCount bone channels that drive a bone of the skeleton, {@code >= 0}
 * @param ignoredChannels bone channels skipped because the skeleton lacks their bone, in clip
 *     order, each described as {@code "bone 'Tail' rotation"}; read-only
 * @param missingBones distinct names of the bones those channels name, in order of first
 *     appearance; read-only
 * @param keyTimelineCount distinct key-time arrays among the bound channels, {@code >= 0}: one
 *     cursor lookup per timeline serves every channel that shares it
 */
public record SampleReport(int boundChannelCount, List<String> ignoredChannels, List<String> missingBones,
        int keyTimelineCount) {
    /**
     * @param boundChannelCount bone channels bound
     * @param ignoredChannels descriptions of the channels skipped
     * @param missingBones the missing bones' names
     * @param keyTimelineCount distinct key-time arrays
     */
    public SampleReport {
        ignoredChannels = List.copyOf(ignoredChannels);
        missingBones = List.copyOf(missingBones);
    }

    /** @return the number of channels skipped, {@code ignoredChannels().size()} */
    public int ignoredChannelCount() {
        return ignoredChannels.size();
    }
}
