// Cover and avatar editing on the profile: choose, pick a file, confirm or
// cancel, saving, then the page data refreshed. Confirming without a file says which one is missing.
import { useEffect, useMemo, useState } from 'react';
import { messageOf } from '../../api/client';
import { useUpdateAvatarMutation, useUpdateCoverImageMutation } from '../../api/endpoints/users';
import { useAppStore } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { imageFileError } from '../../lib/validation';
import { applyUpdatedUser } from '../auth/session';

const IMAGE_EDIT = {
  cover: { field: 'coverImage', missing: 'Please select a cover image', failed: 'Failed to edit cover image', done: 'Cover image updated successfully' },
  avatar: { field: 'avatar', missing: 'Please select an avatar', failed: 'Failed to edit avatar', done: 'Avatar updated successfully' },
} as const;

export type ImageKind = keyof typeof IMAGE_EDIT;

export function useImageEdit(kind: ImageKind) {
  const store = useAppStore();
  const [editing, setEditing] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [updateCover, cover] = useUpdateCoverImageMutation();
  const [updateAvatar, avatar] = useUpdateAvatarMutation();
  const saving = kind === 'cover' ? cover.isLoading : avatar.isLoading;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const texts = IMAGE_EDIT[kind];

  const cancel = () => {
    setEditing(false);
    setFile(null);
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = imageFileError(chosen);
    if (problem) {
      toast.error(problem);
      return;
    }
    setFile(chosen);
  };

  const confirm = async () => {
    if (!file) {
      toast.error(texts.missing);
      return;
    }
    const form = new FormData();
    form.set(texts.field, file);
    const result = kind === 'cover' ? await updateCover(form) : await updateAvatar(form);
    if ('error' in result) {
      toast.error(messageOf(result.error, texts.failed));
      return;
    }
    applyUpdatedUser(store, result.data);
    toast.success(texts.done);
    cancel();
  };

  return { editing, start: () => setEditing(true), cancel, choose, confirm, file, preview, saving };
}

export type ImageEdit = ReturnType<typeof useImageEdit>;
