import { CircleAlert, Upload, X } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import toast from 'react-hot-toast';
import clsx from 'clsx';

import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';

import { formatFileSize } from '../lib/format-file-size';
import { dropzoneAccept, uploadProblem } from '../lib/upload-rules';

type Rejection = { id: number; name: string; size: number; reason: string };

let nextRejection = 0;

type DocumentUploadProps = {
  disabled: boolean;
  botName: string | null;
  onFiles: (files: File[]) => void;
};

export function DocumentUpload({ disabled, botName, onFiles }: DocumentUploadProps) {
  const [rejections, setRejections] = useState<Rejection[]>([]);

  const onDrop = (dropped: File[], refused: Array<{ file: File }>) => {
    const files = [...dropped, ...refused.map((item) => item.file)];
    const accepted: File[] = [];
    const rejected: Rejection[] = [];
    for (const file of files) {
      const reason = uploadProblem(file);
      if (reason) {
        rejected.push({ id: ++nextRejection, name: file.name, size: file.size, reason });
      } else {
        accepted.push(file);
      }
    }
    if (rejected.length > 0) {
      setRejections((list) => [...rejected, ...list]);
      toast.error(
        rejected.length === 1
          ? `${rejected[0]!.name} was not uploaded: ${rejected[0]!.reason}`
          : `${rejected.length} files were not uploaded. See the list below the drop zone.`,
      );
    }
    if (accepted.length > 0) onFiles(accepted);
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: dropzoneAccept,
    disabled,
    multiple: true,
  });

  return (
    <Panel
      title="Upload Documents"
      description={
        botName ? (
          <>
            Files are added to the knowledge of <strong className="font-semibold">{botName}</strong>
            .
          </>
        ) : (
          'Choose a chatbot first.'
        )
      }
    >
      <div className="p-5 sm:p-6">
        <div
          {...getRootProps({
            'aria-label': 'Upload documents: drag and drop files here, or click to select files',
            'aria-disabled': disabled,
          })}
          className={clsx(
            'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            isDragActive
              ? 'border-brand-600 bg-brand-50'
              : 'border-slate-300 bg-slate-50 hover:border-brand-400 hover:bg-brand-50/40',
            disabled && 'cursor-not-allowed opacity-60',
          )}
          data-testid="dropzone"
        >
          <input {...getInputProps()} data-testid="file-input" />
          <span className="flex size-12 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-slate-200">
            <Upload className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 text-sm font-semibold text-slate-900">
            {isDragActive
              ? 'Drop files here...'
              : 'Drag and drop files here, or click to select files'}
          </p>
          <p className="mt-1 text-xs text-slate-600">PDF, DOC, DOCX, TXT, MD up to 10MB</p>
          <p className="mt-1 text-xs text-slate-600">
            or a .zip of them: each document in it is added
          </p>
        </div>
        {rejections.length > 0 && (
          <div className="mt-4 rounded-lg bg-red-50 p-4 ring-1 ring-red-200" role="alert">
            <div className="flex items-center justify-between gap-3">
              <p className="flex items-center gap-2 text-sm font-semibold text-red-800">
                <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
                {rejections.length === 1
                  ? '1 file was not uploaded'
                  : `${rejections.length} files were not uploaded`}
              </p>
              <Button
                variant="ghost"
                size="sm"
                className="h-8 text-red-800 hover:bg-red-100"
                onClick={() => setRejections([])}
              >
                <X className="size-4" aria-hidden="true" />
                Dismiss
              </Button>
            </div>
            <ul className="mt-2 space-y-1.5 text-sm text-red-800" data-testid="rejected-files">
              {rejections.map((rejection) => (
                <li key={rejection.id} className="break-words">
                  <span className="font-semibold">{rejection.name}</span>{' '}
                  <span className="text-red-700">({formatFileSize(rejection.size)})</span>:{' '}
                  {rejection.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Panel>
  );
}
