/**
 * @rc-component/motion's Provider, for antd's ConfigProvider (MotionWrapper), without the package's index: the index
 * also imports CSSMotionList, which only lazy components use, and whatever the entry imports statically lands in
 * the entry chunk, used there or not.
 */
export { default as Provider } from '@rc-component/motion/es/context';
